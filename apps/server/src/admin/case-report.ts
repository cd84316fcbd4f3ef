import { expectedValue, returnToPlayer } from '@store/shared/odds';
import { toUnits } from '@store/shared/money';
import type { Db } from '../db/client.ts';
import { listCasesWithOdds } from '../modules/catalogue/find-cases.ts';

/** Expected value and return to player of every case, from the odds it sells with now. */
export async function caseReport({ db }: { db: Db }) {
  const { prices, cases: rows } = await listCasesWithOdds(db);
  return rows.map((c) => {
    const drops = c.ranges.map((r) => ({ tickets: r.to - r.from + 1, price: prices.get(r.item) ?? 0 }));
    return {
      slug: c.slug,
      name: c.name,
      price: toUnits(c.price),
      expected_value: Math.round(expectedValue(drops)) / 100,
      rtp_percent: Math.round(returnToPlayer(drops, c.price) * 10000) / 100,
      drops: drops.length,
      available: c.available,
    };
  });
}
