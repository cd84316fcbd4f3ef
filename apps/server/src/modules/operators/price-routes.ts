import { systemClock } from '../../platform/clock.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  priceCaseParams,
  priceRunResult,
  pricesQuery,
  pricesResponse,
  publishProposalBody,
  publishProposalResult,
  takeOffSaleBody,
  takeOffSaleResult,
} from '@store/shared/api/operator-prices';
import { ok, okResponse } from '../../http/envelope.ts';
import type { PricingConsole } from '../pricing/module.ts';
import { pricesReport } from '../pricing/price-report.ts';
import type { Operator } from './audit.ts';
import { publishPriceProposal, runPricesNow, takeCaseOffSale } from './price-actions.ts';

const tags = ['admin'];

/**
 * The console's prices (decision 078), registered in the guarded scope of `operatorRoutes`:
 * support reads them, admins run the job now, publish a flagged case's proposed odds or take the
 * case off sale; each change writes its audit row in its own transaction.
 */
export function operatorPriceRoutes(scope: FastifyInstance, prices: PricingConsole, operatorOf: (req: FastifyRequest) => Promise<Operator>) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue } = scope.deps;

  r.get(
    '/api/v1/admin/prices',
    {
      config: { operatorAction: 'prices.read' },
      schema: {
        tags,
        summary: "The price runs, the catalogue's value, the biggest movers (since the last run or over 24 h), the skins without a market price and the cases out of the RTP band with their proposals",
        querystring: pricesQuery,
        response: okResponse(pricesResponse),
      },
    },
    // The price runs and their history are stamped by the database's clock, which the movable
    // clock of level cases (TEST_CLOCK) never moves: the 24 hours and a run's lease are read on it.
    async (req) => ok(await pricesReport({ db, catalogue, source: prices.source, syncMs: prices.syncMs, band: prices.band, movers: req.query.movers, now: systemClock.now() })),
  );
  r.post(
    '/api/v1/admin/prices/run',
    {
      config: { operatorAction: 'prices.write', errors: ['price_list_unavailable'] },
      schema: { tags, summary: 'Run the price job now (skipped while another run holds its lease)', response: okResponse(priceRunResult) },
    },
    async (req) => ok(await runPricesNow({ db, job: prices.job, operator: await operatorOf(req) })),
  );
  r.post(
    '/api/v1/admin/prices/cases/:id/publish',
    {
      config: { operatorAction: 'prices.write', errors: ['price_proposal_not_found', 'price_proposal_stale', 'caseNotFound', 'odds_invalid'] },
      schema: { tags, summary: "Publish a flagged case's proposed odds as its new odds version", params: priceCaseParams, body: publishProposalBody, response: okResponse(publishProposalResult) },
    },
    async (req) =>
      ok(await publishPriceProposal({ db, catalogue, band: prices.band, caseId: req.params.id, oddsId: req.body.odds_id, reason: req.body.reason, operator: await operatorOf(req) })),
  );
  r.post(
    '/api/v1/admin/prices/cases/:id/off-sale',
    {
      config: { operatorAction: 'prices.write', errors: ['caseNotFound'] },
      schema: { tags, summary: 'Take a case off sale (locked, still listed) and settle its price flag', params: priceCaseParams, body: takeOffSaleBody, response: okResponse(takeOffSaleResult) },
    },
    async (req) => ok(await takeCaseOffSale({ db, caseId: req.params.id, reason: req.body.reason, operator: await operatorOf(req) })),
  );
}
