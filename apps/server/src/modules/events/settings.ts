import type { EventSettings } from '@store/shared/api/events';
import { eventTimes, isNewEvent, passProgress, type EventTab } from '@store/shared/battle-pass';
import { raffleTickets } from '@store/shared/events';
import type { Lang } from '@store/shared/errors';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { sql } from 'drizzle-orm';
import { pick, type Season } from './events.ts';
import { coinBalanceOf, seasonCoinsOf, wholeCoins } from './pass.ts';

async function rafflePrizeCount(db: Executor, eventId: number): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*) as n from event_raffle_prizes where event_id = ${eventId}`);
  return Number(row?.n ?? 0);
}

/**
 * The event settings of spec §3 for the season shown at `now`: its dates and timers, tabs, texts
 * and pictures, the raffle's committed seed hash (the seed itself once drawn), and for a signed-in
 * player their coins, pass level and raffle tickets.
 */
export async function presentSettings(db: Executor, o: { season: Season; userId: number | null; lang: Lang; now: Date }): Promise<EventSettings> {
  const { season, lang, now } = o;
  const e = season.event;
  const look = season.look;
  const [prizes, stats] = await Promise.all([
    rafflePrizeCount(db, e.id),
    o.userId === null
      ? null
      : Promise.all([seasonCoinsOf(db, e.id, o.userId), coinBalanceOf(db, o.userId)]).then(([coins, balance]) => ({
          coins: balance,
          coins_earned: wholeCoins(coins.earned),
          pass_level: passProgress(
            wholeCoins(coins.earned),
            season.levels.map((l) => l.threshold),
          ).reached,
          tickets: raffleTickets(wholeCoins(coins.spent), e.coinsPerTicket),
        })),
  ]);
  const times = eventTimes(e.startsAt, e.endsAt, now);
  return {
    id: e.id,
    slug: e.slug,
    current_event: e.startsAt <= now && now < e.endsAt,
    is_new: isNewEvent(e.startsAt, now),
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    claim_until: e.claimUntil.toISOString(),
    time_to_event_start: times.timeToEventStart,
    time_to_event_over: times.timeToEventOver,
    event_timer_unix_time: Math.floor(e.endsAt.getTime() / 1000),
    active_tabs: e.tabs as EventTab[],
    user_stats: stats,
    event_title: pick({ ru: e.titleRu, en: e.titleEn }, lang),
    event_subtitle: pick({ ru: e.subtitleRu, en: e.subtitleEn }, lang),
    event_full_name: pick({ ru: e.fullNameRu, en: e.fullNameEn }, lang),
    cases_section_titles: look.casesSectionTitles[lang],
    challenge_card_gradient: look.challengeCardGradient,
    coin_icon: look.coinIcon,
    coin_color: look.coinColor,
    event_button_gradient: look.buttonGradient,
    image_background: look.background,
    image_logo: look.logo,
    image_overview: look.overview,
    popup_images: look.popupImages,
    // The sections' pictures from the season's own art: the coin-giving cases, the coin shop, the new cases.
    get_cases_images: { cases: look.logo.case, coin_cases: look.overview.bonus, new_cases: look.overview.cases },
    raffle:
      prizes > 0
        ? {
            prize_count: prizes,
            coins_per_ticket: e.coinsPerTicket,
            server_seed_hash: e.raffleSeedHash,
            server_seed: e.drawnAt ? e.raffleSeed : null,
            client_seed: e.slug,
            drawn: e.drawnAt !== null,
          }
        : null,
    top_leaderboard_id: e.topLeaderboardId,
  };
}
