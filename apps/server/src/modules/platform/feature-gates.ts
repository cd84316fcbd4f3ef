import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FlagName } from '@store/shared/api/platform';
import type { ErrorCode } from '@store/shared/errors';
import { AppError } from '../../http/errors.ts';
import type { Switches } from './switches.ts';

/**
 * The calls each feature flag closes (spec §1), in one table so what a flag switches off can be
 * read and tested in one place. Only what starts something new is closed: a battle waiting for
 * players can still be left, a techies game in play can still be opened and cashed out, history
 * and statistics stay readable, and a prize already won is still shown, so switching a feature
 * off never strands a stake. `pf` closes the verification lookups of its pages; the seed calls
 * stay open because every roll is provably fair either way (DESIGN.md). `bonus_page` and the
 * banner switches only shape the web pages.
 */
export const FEATURE_ROUTES: Partial<Record<FlagName, readonly string[]>> = {
  battles: ['GET /api/battles', 'GET /api/battles/cases', 'POST /api/battles/battles', 'POST /api/battles/join', 'POST /api/battles/start'],
  contract: ['POST /api/v1/contracts/preview', 'POST /api/v1/contracts/sign'],
  upgrades: ['GET /api/v1/unique-items', 'GET /api/v1/upgrade-rate', 'POST /api/v1/upgrades/upgrade-items'],
  free_cases: ['GET /api/v1/cases/free', 'POST /api/v1/cases/free/:id/open'],
  leaderboard: ['GET /api/v2/top/active', 'GET /api/v2/top/ranking/:id', 'GET /api/v2/top/history'],
  secret_shop: ['GET /api/v1/offers', 'GET /api/v1/offers/user/:x', 'POST /api/v1/offers/:id/buy'],
  techies: ['GET /api/v1/techies/config', 'POST /api/v1/techies/start'],
  pf: ['GET /api/v1/provably-fair/outcomes/:kind/:id', 'GET /api/v1/provably-fair/outcomes', 'GET /api/v1/provably-fair/odds/:id', 'GET /api/v1/provably-fair/case-history/:caseId'],
};

/** The techies game kept the code it answered before the flags became switchable. */
const REFUSAL: Partial<Record<FlagName, ErrorCode>> = { techies: 'techies_disabled' };

/**
 * Adds the flag check in front of every route of the table as it is registered, and refuses to
 * start when a route of the table was never registered (renamed or moved), so no call slips out
 * from under its flag unnoticed.
 */
export function installFeatureGates(app: FastifyInstance, switches: () => Switches) {
  const byRoute = new Map<string, FlagName>();
  for (const [flag, routes] of Object.entries(FEATURE_ROUTES) as [FlagName, readonly string[]][]) for (const r of routes) byRoute.set(r, flag);
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // A GET route's automatic HEAD twin runs the same handler: it is gated with it.
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      const flag = byRoute.get(key);
      if (!flag) continue;
      seen.add(key);
      const gate = async (_req: FastifyRequest) => {
        if (!switches().flag(flag)) throw new AppError(REFUSAL[flag] ?? 'feature_disabled');
      };
      route.onRequest = [gate, ...[route.onRequest ?? []].flat()];
    }
  });
  app.addHook('onReady', async () => {
    const missing = [...byRoute.keys()].filter((k) => !seen.has(k));
    if (missing.length) throw new Error(`feature gates name routes that do not exist: ${missing.join(', ')}`);
  });
}
