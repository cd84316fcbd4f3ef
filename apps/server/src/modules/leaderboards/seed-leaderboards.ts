import { eq } from 'drizzle-orm';
import { weekOf } from '@store/shared/leaderboards';
import type { Db } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { createBoard, ensureSeriesPeriod } from './boards.ts';
import { leaderboards } from './schema.ts';

export const WEEKLY_SERIES = 'weekly-spent';
export const EVENT_SERIES = 'season-1';
const EVENT_DAYS = 35;

/** Prize targets in whole GOLD, place 1 first: each place gets the dearest item at or below its target. */
const WEEKLY_TARGETS = [400, 200, 120, 80, 50, 35, 25, 15, 10, 6];
const EVENT_TARGETS = [1500, 700, 400, 250, 150, 100, 80, 60, 45, 35, 25, 20, 15, 12, 10, 8, 6, 5, 4, 3];

/** Picks one item per target from the catalogue, never the same item twice in a row of places. */
export function pickPrizes(catalogue: Catalogue, targets: readonly number[]): string[] {
  const items = catalogue.byPrice();
  return targets.map((target) => {
    const below = items.filter((i) => i.price <= target * 100);
    return (below[below.length - 1] ?? items[0]!).key;
  });
}

/**
 * The boards a store starts with, so `npm start` shows both kinds: the weekly board of what players
 * spend (it repeats, Monday to Monday) and the season's board of cases opened. Each is made once;
 * an operator's changes stay.
 */
export async function seedLeaderboards(db: Db, catalogue: Catalogue, now: Date): Promise<void> {
  if (!catalogue.byPrice().length) return;
  const [weekly] = await db.select({ id: leaderboards.id }).from(leaderboards).where(eq(leaderboards.series, WEEKLY_SERIES)).limit(1);
  if (!weekly) {
    const week = weekOf(now);
    await createBoard(db, catalogue, {
      series: WEEKLY_SERIES,
      repeats: 'weekly',
      type: 'spent',
      title: { ru: 'Недельный топ', en: 'Weekly top' },
      description: {
        ru: 'Открывайте кейсы, делайте апгрейды и контракты, играйте в батлы: в зачёт идёт всё, что вы потратили за неделю. Десять лучших получают призы в инвентарь.',
        en: 'Open cases, upgrade, sign contracts and play battles: everything you spend during the week counts. The ten best get prizes in their inventory.',
      },
      image: '/img/tops/weekly.svg',
      startsAt: week.start,
      endsAt: week.end,
      order: 1,
      prizes: pickPrizes(catalogue, WEEKLY_TARGETS),
    });
  } else {
    await ensureSeriesPeriod(db, catalogue, WEEKLY_SERIES, now);
  }
  const [event] = await db.select({ id: leaderboards.id }).from(leaderboards).where(eq(leaderboards.series, EVENT_SERIES)).limit(1);
  if (!event) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    await createBoard(db, catalogue, {
      series: EVENT_SERIES,
      type: 'cases_opened',
      title: { ru: 'Топ сезона', en: 'Season top' },
      description: {
        ru: 'Весь сезон считаем открытые кейсы: чем больше открыли, тем выше место. Двадцать лучших забирают призы сезона.',
        en: 'All season long we count the cases you open: the more you open, the higher you climb. The best twenty take the season prizes.',
      },
      image: '/img/tops/season.svg',
      startsAt: start,
      endsAt: new Date(start.getTime() + EVENT_DAYS * 86_400_000),
      order: 2,
      prizes: pickPrizes(catalogue, EVENT_TARGETS),
    });
  }
}
