import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

export async function contractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue, project } = deps;
  const tags = ['contracts'];

  r.post('/api/v1/contracts/preview', { schema: { tags, body: contractBody, response: okResponse(contractPreview) } }, async (req) =>
    ok(await previewContract({ db, catalogue, rules: project.contracts, userId: requireUser(req).id, ids: req.body.user_item_ids, lang: langOf(req) })),
  );

  r.post('/api/v1/contracts/sign', { schema: { tags, body: contractBody, response: okResponse(contractResult) } }, async (req) => {
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

  r.get('/api/v1/contracts', { schema: { tags, querystring: contractsQuery, response: okResponse(contractsResponse) } }, async (req) =>
    ok(await listContracts({ db, catalogue, lang: langOf(req), query: req.query, viewerId: req.authUser?.id ?? null })),
  );
}
