import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  caseCreateBody,
  caseEditBody,
  oddsChangeBody,
  oddsChangeResult,
  operatorCase,
  operatorCaseParams,
  operatorCasesResponse,
  simulateBody,
  simulationResult,
} from '@store/shared/api/operator-cases';
import { ok, okResponse } from '../../http/envelope.ts';
import type { Operator } from './audit.ts';
import { getCaseForOperators, listCasesForOperators } from './case-figures.ts';
import { changeOdds, simulateCase } from './change-odds.ts';
import { createCase, editCase } from './edit-case.ts';

const tags = ['admin'];

/**
 * The console's cases and odds (decision 029), registered in the guarded scope of
 * `operatorRoutes`: support reads them, admins change them; each change writes its audit row in
 * the transaction of the change.
 */
export function operatorCaseRoutes(scope: FastifyInstance, operatorOf: (req: FastifyRequest) => Promise<Operator>) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue } = scope.deps;

  r.get(
    '/api/v1/admin/cases',
    { config: { operatorAction: 'cases.read' }, schema: { tags, summary: 'Every case with its section, price, state, opens and return to player, and the guard range', response: okResponse(operatorCasesResponse) } },
    async () => ok(await listCasesForOperators(db, catalogue)),
  );
  r.get(
    '/api/v1/admin/cases/:id',
    {
      config: { operatorAction: 'cases.read', errors: ['caseNotFound'] },
      schema: { tags, summary: 'One case: every editable field, its current odds and the older versions', params: operatorCaseParams, response: okResponse(operatorCase) },
    },
    async (req) => ok(await getCaseForOperators(db, catalogue, req.params.id)),
  );
  r.post(
    '/api/v1/admin/cases',
    {
      config: { operatorAction: 'cases.write', errors: ['odds_invalid', 'rtp_needs_confirmation', 'section_not_found', 'case_slug_taken'] },
      schema: { tags, summary: 'Create a GOLD case with its first odds table', body: caseCreateBody, response: okResponse(operatorCase) },
    },
    async (req) => ok(await getCaseForOperators(db, catalogue, await createCase({ db, catalogue, body: req.body, operator: await operatorOf(req) }))),
  );
  r.patch(
    '/api/v1/admin/cases/:id',
    {
      config: { operatorAction: 'cases.write', errors: ['caseNotFound', 'section_not_found', 'case_opens_limit_below_count', 'rtp_needs_confirmation'] },
      schema: { tags, summary: "Change some of a case's fields (a price taking the return to player out of range needs `confirm_rtp`)", params: operatorCaseParams, body: caseEditBody, response: okResponse(operatorCase) },
    },
    async (req) => {
      await editCase({ db, catalogue, id: req.params.id, body: req.body, operator: await operatorOf(req) });
      return ok(await getCaseForOperators(db, catalogue, req.params.id));
    },
  );
  r.post(
    '/api/v1/admin/cases/:id/odds',
    {
      config: { operatorAction: 'cases.write', errors: ['odds_invalid', 'caseNotFound', 'rtp_needs_confirmation'] },
      schema: { tags, summary: 'Give a case a new odds table (a new version; rolls made keep theirs)', params: operatorCaseParams, body: oddsChangeBody, response: okResponse(oddsChangeResult) },
    },
    async (req) =>
      ok(
        await changeOdds({
          db,
          catalogue,
          caseId: req.params.id,
          ranges: req.body.ranges,
          confirmRtp: req.body.confirm_rtp,
          reason: req.body.reason,
          operator: await operatorOf(req),
        }),
      ),
  );
  // Reads only, but a draft table is sent in the body and the work is an admin's tool: cases.write.
  r.post(
    '/api/v1/admin/cases/:id/simulate',
    {
      config: { operatorAction: 'cases.write', errors: ['caseNotFound', 'odds_invalid', 'odds_not_found'] },
      schema: { tags, summary: "Play n openings of a case's table, or of a draft, and report the return to player", params: operatorCaseParams, body: simulateBody, response: okResponse(simulationResult) },
    },
    async (req) => ok(await simulateCase({ db, catalogue, caseId: req.params.id, n: req.body.n, draft: req.body.odds, seed: req.body.seed })),
  );
}
