import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '@store/shared/errors';
import { caseDetail, caseNameParams, caseSeriesParams, openCaseBody, openCaseResponse, section, sectionsQuery } from '@store/shared/api/cases';
import { caseHistoryParams, caseHistoryQuery, caseHistoryResult } from '@store/shared/api/provably-fair';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { getCase } from './get-case.ts';
import { listSections } from './list-sections.ts';
import { openCase } from './open-case.ts';
import { withRevealHold } from './reveal-hold.ts';
import { findCaseBySlug, findCasesByIds } from '../catalogue/find-cases.ts';
import { listCaseOutcomes } from './fair-outcomes.ts';

/** What an opening can be refused with: the case itself, the money, the level and daily rules, and too quick a repeat. */
const OPEN_CASE_REFUSALS = [
  'fastOpen',
  'caseNotFound',
  'case_not_available',
  'case_level_locked',
  'balance_error',
  'coins_error',
  'daily_case_not_ready',
  'daily_case_deposit_required',
  'idempotency_key_reused',
] as const satisfies readonly ErrorCode[];

export async function caseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue } = deps;

  r.get(
    '/api/v2/case/sections/with-cases',
    { schema: { tags: ['cases'], summary: "Case sections with their cases, filtered by battle, event and status; `main`: the main page's shelves", querystring: sectionsQuery, response: okResponse(z.array(section)) } },
    async (req) =>
      ok(
        await listSections({
          db,
          catalogue,
          shelves: deps.caseShelves,
          lang: langOf(req),
          filters: {
            battle: req.query.battle,
            // `main`: what the main page shows now, the event's shelves only while an event is on.
            event: req.query.event ?? (req.query.main && !(await deps.caseShelves.isEventOn(db, deps.clock.now())) ? false : undefined),
            caseStatuses: req.query['caseStatuses[]'] ?? req.query.caseStatuses ?? req.query.case_statuses,
            sectionStatuses: req.query['sectionStatuses[]'] ?? req.query.sectionStatuses ?? req.query.section_statuses,
          },
        }),
      ),
  );

  // The main page's sections (spec §7 Main page calls): every shown section but the event's own.
  r.get('/api/v1/sections-main', { schema: { tags: ['cases'], summary: "The main page's sections and their cases (not the event's)", response: okResponse(z.array(section)) } }, async (req) =>
    ok(await listSections({ db, catalogue, lang: langOf(req), filters: { event: false }, shelves: deps.caseShelves })),
  );

  r.get('/api/v1/sections/', { schema: { tags: ['cases'], summary: 'Every shown section and its cases', response: okResponse(z.array(section)) } }, async (req) =>
    ok(await listSections({ db, catalogue, lang: langOf(req), shelves: deps.caseShelves })),
  );

  r.get('/api/v1/cases/:name', { config: { errors: ['caseNotFound'] }, schema: { tags: ['cases'], summary: 'A case, with the items it drops and their chances and tickets', params: caseNameParams, response: okResponse(caseDetail) } }, async (req) =>
    ok(await getCase({ db, catalogue, lang: langOf(req), slug: req.params.name })),
  );
  r.get(
    '/api/v1/cases/:name/:x',
    { config: { errors: ['caseNotFound'] }, schema: { tags: ['cases'], summary: 'A case of a numbered series by its name and number (`level/15` is the level-15 case), as `/cases/{name}`', params: caseSeriesParams, response: okResponse(caseDetail) } },
    async (req) => ok(await getCase({ db, catalogue, lang: langOf(req), slug: `${req.params.name}-${req.params.x}`.toLowerCase() })),
  );

  r.post(
    '/api/v1/cases/:name/open',
    {
      config: { errors: OPEN_CASE_REFUSALS },
      schema: {
        tags: ['cases'],
        summary: 'Open a case `multi_open` times: pay, roll and get the items (a level case: free, once a day)',
        params: caseNameParams,
        body: openCaseBody,
        response: okResponse(openCaseResponse),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const lang = langOf(req);
      const key = idempotencyKey(req);
      const hold = { userId: user.id, ms: deps.reveals.delayMs('case', req.body.fast), key: key ? `${key.key}:${key.requestHash}` : null };
      const result = await withRevealHold(deps.openingHolds, hold, () =>
        openCase({ db, catalogue, userId: user.id, slug: req.params.name, count: req.body.multi_open, lang, idempotencyKey: key, given: deps.givenCases }),
      ).catch(async (err: unknown) => {
        // The refusal names the level the case needs (read only on this rare path).
        if (err instanceof AppError && err.code === 'case_level_locked') throw new AppError('case_level_locked', { level: (await findCaseBySlug(db, req.params.name))?.level });
        throw err;
      });
      if (!result.replayed) await deps.caseEvents.opened(user.id, result, req.log, req.body.fast);
      return ok(result.response);
    },
  );

  // The check page's list of one case's openings: the openings are this module's.
  r.get(
    '/api/v1/provably-fair/case-history/:caseId',
    { config: { errors: ['caseNotFound'] }, schema: { tags: ['provably-fair'], summary: "The player's openings of one case, newest first", params: caseHistoryParams, querystring: caseHistoryQuery, response: okResponse(caseHistoryResult) } },
    async (req) => {
      const userId = requireUser(req).id;
      const [c] = await findCasesByIds(db, [req.params.caseId]);
      if (!c) throw new AppError('caseNotFound');
      const lang = langOf(req);
      // A history to check, not to act on: from the replica, an opening of a moment ago may show its lag later (decision 084).
      const { items, total } = await listCaseOutcomes(deps.replica, catalogue, lang, { userId, caseId: c.id, page: req.query.page, perPage: req.query.per_page });
      return ok({
        case: { id: c.id, slug: c.slug, name: lang === 'en' ? c.nameEn : c.nameRu, image: catalogue.caseImage(c) },
        items,
        total,
        page: req.query.page,
        per_page: req.query.per_page,
      });
    },
  );
}
