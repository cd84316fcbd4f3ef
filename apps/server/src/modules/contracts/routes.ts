import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@store/shared/errors';
import {
  contractBody,
  contractPreview,
  contractResult,
  contractsQuery,
  contractsResponse,
} from '@store/shared/api/contracts';
import { requireUser } from '../../http/auth.ts';
import { contractSigned } from './contract-events.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { listContracts } from './list-contracts.ts';
import { previewContract } from './preview-contract.ts';
import { signContract } from './sign-contract.ts';

/** A contract of these items is refused: none chosen, too few or many, one not the player's to stake, no outcome for the sum. */
const CONTRACT_REFUSALS = ['inventory', 'contract_items_count', 'invalidItem', 'item_locked_until_deposit', 'contract_unavailable'] as const satisfies readonly ErrorCode[];

export async function contractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue, project } = deps;
  const tags = ['contracts'];

  r.post('/api/v1/contracts/preview', { config: { errors: CONTRACT_REFUSALS }, schema: { tags, summary: 'The stake and the possible outcomes of a contract of the chosen items, signing nothing', body: contractBody, response: okResponse(contractPreview) } }, async (req) =>
    ok(await previewContract({ db, catalogue, rules: project.contracts, userId: requireUser(req).id, ids: req.body.user_item_ids, lang: langOf(req) })),
  );

  r.post('/api/v1/contracts/sign', { config: { errors: [...CONTRACT_REFUSALS, 'idempotency_key_reused'] }, schema: { tags, summary: 'Sign a contract: the chosen items go in, one rolled item comes out', body: contractBody, response: okResponse(contractResult) } }, async (req) => {
    const user = requireUser(req);
    const result = await signContract({
      db,
      catalogue,
      rules: project.contracts,
      userId: user.id,
      ids: req.body.user_item_ids,
      lang: langOf(req),
      idempotencyKey: idempotencyKey(req),
    });
    if (!result.replayed) contractSigned(deps, result.record);
    return ok(result.response);
  });

  // The history from the replica (decision 084): the signing's answer carries its own item, and
  // the list may take the replica's lag to show it.
  r.get('/api/v1/contracts', { config: { errors: ['authentication'] }, schema: { tags, summary: "Contracts signed, newest first: everyone's, a player's or (`scope=mine`) the caller's", querystring: contractsQuery, response: okResponse(contractsResponse) } }, async (req) =>
    ok(await listContracts({ db: deps.replica, catalogue, lang: langOf(req), query: req.query, viewerId: req.authUser?.id ?? null, revealMs: deps.reveals.delayMs('contract') })),
  );
}
