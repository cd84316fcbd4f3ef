import { summarizeOdds } from '@store/shared/odds';
import { toUnits } from '@store/shared/money';
import type { Db } from '../db/client.ts';
import { listCasesWithOdds } from '../modules/catalogue/find-cases.ts';

/** Expected value and return to player of every case, from the odds it sells with now (the console's `summarizeOdds`). */
export async function caseReport({ db }: { db: Db }) {
  const { prices, cases: rows } = await listCasesWithOdds(db);
  return rows.map((c) => {
    const s = summarizeOdds({ ranges: c.ranges, priceOf: (key) => prices.get(key) ?? 0, casePrice: c.price });
    return {
      slug: c.slug,
      name: c.name,
      price: toUnits(c.price),
      expected_value: Math.round(s.expected_value) / 100,
      rtp_percent: Math.round(s.rtp * 10000) / 100,
      drops: s.items.length,
      available: c.available,
    };
  });
}
