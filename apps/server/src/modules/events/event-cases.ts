import type { EventCase } from '@store/shared/api/events';
import { COIN_CURRENCY } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { openingsOfCase } from '../cases/open-counts.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCaseBySlug, listEventCases } from '../catalogue/find-cases.ts';
import { presentCase } from '../cases/present-case.ts';
import { findPlayerLevel } from '../levels/player-levels.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The event's cases (spec §3 Event card): `event` are the cases that give coins (bought with
 * GOLD), `coins` the coin cases bought with coins. A case above the player's level (or a guest's
 * level 1) is locked and shows the level it needs; coin cases open from levels 1, 15, 30, 40...
 */
export async function listEventCaseCards(
  db: Executor,
  o: { catalogue: Catalogue; lang: Lang; userId: number | null; type: 'event' | 'coins'; count?: number },
): Promise<EventCase[]> {
  const [all, player] = await Promise.all([listEventCases(db), o.userId === null ? null : findPlayerLevel(db, o.userId)]);
  const level = player?.level ?? 1;
  const chosen = all.filter((c) => (o.type === 'coins' ? c.currency === COIN_CURRENCY : c.currency !== COIN_CURRENCY)).slice(0, o.count ?? 100);
  return chosen.map((c) => {
    const card = presentCase(c, o.lang, o.catalogue);
    return {
      ...card,
      section: c.section,
      link: `/open/${c.slug}`,
      tasty_coins: c.coinsMin === null || c.coinsMax === null ? null : { min: c.coinsMin, max: c.coinsMax },
      counter_start: c.opensLimit,
      counter_end: c.opensLimit === null ? null : Math.max(0, c.opensLimit - c.opensCount),
      statistic_data: { ...card.statistic_data, total_count: c.opensLimit, opened_count: c.opensCount },
      locked: c.locked || c.level > level,
      color_data: {
        gradient: `linear-gradient(180deg, ${c.color}33 0%, ${c.color}11 100%)`,
        circle: `${c.color}66`,
        gradient_hovered: `linear-gradient(180deg, ${c.color}55 0%, ${c.color}22 100%)`,
        circle_shadow: `0 0 24px ${c.color}80`,
      },
    };
  });
}

/** The dearest event case's price (GOLD units): the main page's "cases up to" figure. */
export async function maxEventCasePrice(db: Executor): Promise<number> {
  const all = await listEventCases(db);
  return toUnits(Math.max(0, ...all.filter((c) => c.currency !== COIN_CURRENCY).map((c) => c.price)));
}

/** How often a player opened one case and the coins it gave them (spec §7 personal-progress). */
export async function personalProgress(db: Executor, userId: number, slug: string): Promise<{ case: string; opened: number; coins_earned: number }> {
  const c = await findCaseBySlug(db, slug);
  if (!c || c.status === 'hidden') throw new AppError('caseNotFound');
  const { opened, coins } = await openingsOfCase(db, userId, c.id);
  return { case: c.slug, opened, coins_earned: coins };
}
