import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPGRADE_ITEMS } from '@store/shared/constants';
import {
  uniqueItemsQuery,
  uniqueItemsResponse,
  upgradeItemsBody,
  upgradeRateResponse,
  upgradeResult,
  upgradeStatistic,
  upgradeStatisticQuery,
  upgradesQuery,
  upgradesResponse,
} from '@store/shared/api/upgrades';
import { requireUser } from '../../http/auth.ts';
import { upgradePlayed } from './upgrade-events.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { listUniqueItems } from './list-unique-items.ts';
import { getUpgradeStatistic, listUpgrades } from './list-upgrades.ts';
import { upgradeItems } from './upgrade-items.ts';

export async function upgradeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue, project } = deps;
  const tags = ['upgrades'];

  r.get('/api/v1/unique-items', { schema: { tags, summary: 'The catalogue items one may upgrade into, searched, filtered and paged: a list, its paginator beside it', querystring: uniqueItemsQuery, response: { 200: uniqueItemsResponse } } }, async (req) => {
    const { items, paginator } = listUniqueItems({ catalogue, lang: langOf(req), query: req.query });
    return { status: true as const, data: items, paginator };
  });

  r.get('/api/v1/upgrade-rate', { schema: { tags, summary: "The upgrade's rules: its rate, price bounds and item limit", response: okResponse(upgradeRateResponse) } }, async () =>
    ok({
      upgrade_rate: project.upgrades.rate,
      price_max_difference: project.upgrades.price_max_difference,
      price_factor: project.upgrades.price_factor,
      max_items: MAX_UPGRADE_ITEMS,
    }),
  );

  r.post(
    '/api/v1/upgrades/upgrade-items',
    {
      config: {
        errors: ['inventory', 'upgrade_target_not_selected', 'upgrade_target_outdated', 'invalidItem', 'item_locked_until_deposit', 'upgrade_invalid_sum', 'upgrade_multiplier_too_high', 'idempotency_key_reused'],
      },
      schema: { tags, summary: 'Stake items on a dearer target and roll: win the target, or lose the stake for coins', body: upgradeItemsBody, response: okResponse(upgradeResult) },
    },
    async (req) => {
      const user = requireUser(req);
      const result = await upgradeItems({
        db,
        catalogue,
        rules: project.upgrades,
        userId: user.id,
        body: req.body,
        lang: langOf(req),
        idempotencyKey: idempotencyKey(req),
      });
      if (!result.replayed) upgradePlayed(deps, result.record);
      return ok(result.response);
    },
  );

  // The history and its counts from the replica (decision 084): the wheel shows the player's own
  // result from the upgrade's answer, and the list may take the replica's lag to show it.
  r.get('/api/v1/upgrades', { config: { errors: ['authentication'] }, schema: { tags, summary: "Upgrades played, newest first: everyone's, a player's or (`scope=mine`) the caller's", querystring: upgradesQuery, response: okResponse(upgradesResponse) } }, async (req) =>
    ok(await listUpgrades({ db: deps.replica, catalogue, lang: langOf(req), query: req.query, viewerId: req.authUser?.id ?? null, revealMs: deps.reveals.delayMs('upgrade') })),
  );

  r.get('/api/v1/upgrades/statistic', { config: { errors: ['authentication'] }, schema: { tags, summary: "Counts of upgrades won and lost: everyone's, a player's or (`scope=mine`) the caller's", querystring: upgradeStatisticQuery, response: okResponse(upgradeStatistic) } }, async (req) =>
    ok(await getUpgradeStatistic({ db: deps.replica, scope: req.query.scope, userId: req.query.user_id, viewerId: req.authUser?.id ?? null, revealMs: deps.reveals.delayMs('upgrade') })),
  );
}
