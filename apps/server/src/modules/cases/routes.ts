import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseDetail, caseNameParams, openCaseBody, openCaseResponse, section, sectionsQuery } from '@store/shared/api/cases';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { getCase } from './get-case.ts';
import { listSections } from './list-sections.ts';
import { openCase } from './open-case.ts';

export async function caseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue } = deps;

  r.get('/api/v2/case/sections/with-cases', { schema: { tags: ['cases'], querystring: sectionsQuery, response: okResponse(z.array(section)) } }, async (req) =>
    ok(
      await listSections({
        db,
        catalogue,
        lang: langOf(req),
        filters: { battle: req.query.battle, event: req.query.event, caseStatuses: req.query.case_statuses, sectionStatuses: req.query.section_statuses },
      }),
    ),
  );

  r.get('/api/v1/sections/', { schema: { tags: ['cases'], response: okResponse(z.array(section)) } }, async (req) =>
    ok(await listSections({ db, catalogue, lang: langOf(req) })),
  );

  r.get('/api/v1/cases/:name', { schema: { tags: ['cases'], params: caseNameParams, response: okResponse(caseDetail) } }, async (req) =>
    ok(await getCase({ db, catalogue, lang: langOf(req), slug: req.params.name })),
  );

  r.post(
    '/api/v1/cases/:name/open',
    { schema: { tags: ['cases'], params: caseNameParams, body: openCaseBody, response: okResponse(openCaseResponse) } },
    async (req) => {
      const user = requireUser(req);
      if (!(await deps.openLimiter.hit(String(user.id)))) throw new AppError('fastOpen');
      const result = await openCase({
        db,
        catalogue,
        userId: user.id,
        slug: req.params.name,
        count: req.body.multi_open,
        lang: langOf(req),
        idempotencyKey: idempotencyKey(req),
      });
      if (!result.replayed) await deps.caseEvents.opened(user.id, result, req.log);
      return ok(result.response);
    },
  );
}
