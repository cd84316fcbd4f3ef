import { toUnits } from '@store/shared/money';
import { MINOR_PER_UNIT } from '@store/shared/constants';
import type { TaskType } from '@store/shared/events';
import type { EventDefinition, EventEditBody, OperatorEvent, OperatorEventDetail } from '@store/shared/api/operator-events';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCasesByIds, listCatalogueRows } from '../catalogue/find-cases.ts';
import { eventUsageById, findEvent, listEventRows, lockEvent, passUsage, updateEvent, type EventUsageRow } from '../events/event-usage.ts';
import { createEvent, endEventNow, findShownEvent, loadSeason, type EventRow } from '../events/events.ts';
import { recordAction, type Operator } from './audit.ts';

/**
 * Events and the battle pass in the console and `npm run admin -- event ...` (decision 035): one
 * operation each, its audit row in the change's transaction. A season is defined whole (period,
 * pass, tasks, raffle); afterwards only its texts and dates move, and ending it early moves its
 * end to now (the close job then draws the raffle as at any end).
 */
const NO_USE: EventUsageRow = { players: 0, coinsEarned: 0, claims: 0, tasksDone: 0, rewardsPaidMinor: 0, tickets: 0, prizes: 0, granted: 0 };
const DAY = 86_400_000;

function stateOf(e: EventRow, now: Date): OperatorEvent['state'] {
  if (e.status === 'closed') return 'closed';
  if (e.startsAt > now) return 'upcoming';
  return e.endsAt > now ? 'running' : 'ended';
}

/** The fields an operator may change, as the console names them (the audit's before and after). */
const settingsOf = (e: EventRow) => ({
  title: { ru: e.titleRu, en: e.titleEn },
  subtitle: { ru: e.subtitleRu, en: e.subtitleEn },
  full_name: { ru: e.fullNameRu, en: e.fullNameEn },
  starts_at: e.startsAt.toISOString(),
  ends_at: e.endsAt.toISOString(),
  claim_days: (e.claimUntil.getTime() - e.endsAt.getTime()) / DAY,
});
type Settings = ReturnType<typeof settingsOf>;

function present(e: EventRow, u: EventUsageRow, now: Date, shownId: number | null): OperatorEvent {
  const s = settingsOf(e);
  return {
    id: e.id,
    slug: e.slug,
    title: s.title,
    subtitle: s.subtitle,
    full_name: s.full_name,
    starts_at: s.starts_at,
    ends_at: s.ends_at,
    claim_until: e.claimUntil.toISOString(),
    coins_per_ticket: e.coinsPerTicket,
    tabs: e.tabs,
    state: stateOf(e, now),
    shown: e.id === shownId,
    raffle_seed_hash: e.raffleSeedHash,
    usage: {
      players: u.players,
      coins_earned: u.coinsEarned,
      claims: u.claims,
      tasks_done: u.tasksDone,
      rewards_paid: toUnits(u.rewardsPaidMinor),
      raffle: { prizes: u.prizes, tickets: u.tickets, drawn: e.drawnAt !== null, granted: u.granted },
    },
  };
}

const shownId = async (db: Executor, now: Date) => (await findShownEvent(db, now))?.id ?? null;

export async function listEvents(db: Executor, now: Date): Promise<{ items: OperatorEvent[] }> {
  const [found, usage, shown] = await Promise.all([listEventRows(db), eventUsageById(db), shownId(db, now)]);
  return { items: found.map((e) => present(e, usage.get(e.id) ?? NO_USE, now, shown)) };
}

/** A season with its pass as players see it, how far they got, and its definition to copy from. */
export async function getEvent(db: Executor, id: number, now: Date): Promise<OperatorEventDetail> {
  const event = await findEvent(db, id);
  if (!event) throw new AppError('event_not_found');
  const [season, usage, pass, shown, { sections }] = await Promise.all([loadSeason(db, event), eventUsageById(db), passUsage(db, event), shownId(db, now), listCatalogueRows(db)]);
  const caseIds = [...season.levels, ...season.tasks].flatMap((x) => (x.rewardCaseId === null ? [] : [x.rewardCaseId]));
  const caseSlugs = new Map((await findCasesByIds(db, [...new Set(caseIds)])).map((c) => [c.id, c.slug]));
  const caseOf = (id: number | null) => (id === null ? null : (caseSlugs.get(id) ?? null));
  const sectionSlugs = new Map(sections.map((s) => [s.id, s.slug]));
  const coins = (minor: number) => minor / MINOR_PER_UNIT;
  const s = settingsOf(event);
  const definition: EventDefinition = {
    slug: event.slug,
    title: s.title,
    subtitle: s.subtitle,
    full_name: s.full_name,
    starts_at: s.starts_at,
    ends_at: s.ends_at,
    claim_days: s.claim_days,
    tabs: event.tabs as EventDefinition['tabs'],
    coins_per_ticket: event.coinsPerTicket,
    top_leaderboard_id: event.topLeaderboardId,
    levels: season.levels.map((l) => ({
      threshold: l.threshold,
      ...(l.rewardMoney ? { money: l.rewardMoney } : {}),
      ...(l.rewardCoins ? { coins: coins(l.rewardCoins) } : {}),
      ...(l.rewardCaseId !== null ? { case: caseOf(l.rewardCaseId)!, case_amount: l.rewardCaseAmount } : {}),
    })),
    tasks: season.tasks.map((t) => ({
      level: t.level,
      type: t.type,
      target: t.target,
      ...(t.sectionIds?.length ? { sections: t.sectionIds.flatMap((id) => sectionSlugs.get(id) ?? []) } : {}),
      description: { ru: t.descriptionRu, en: t.descriptionEn },
      ...(t.rewardMoney ? { money: t.rewardMoney } : {}),
      ...(t.rewardCoins ? { coins: coins(t.rewardCoins) } : {}),
      ...(t.rewardCaseId !== null ? { case: caseOf(t.rewardCaseId)! } : {}),
    })),
    raffle_prizes: pass.prizes.map((p) => p.itemKey),
  };
  return {
    ...present(event, usage.get(id) ?? NO_USE, now, shown),
    levels: season.levels.map((l) => ({
      level: l.level,
      threshold: l.threshold,
      money: toUnits(l.rewardMoney),
      coins: coins(l.rewardCoins),
      case_slug: caseOf(l.rewardCaseId),
      case_amount: l.rewardCaseAmount,
      reached: pass.levels.get(l.level)?.reached ?? 0,
      claimed: pass.levels.get(l.level)?.claimed ?? 0,
    })),
    tasks: season.tasks.map((t) => ({
      id: t.id,
      level: t.level,
      type: t.type,
      target: t.target,
      description: { ru: t.descriptionRu, en: t.descriptionEn },
      money: toUnits(t.rewardMoney),
      coins: coins(t.rewardCoins),
      case_slug: caseOf(t.rewardCaseId),
      done: pass.tasks.get(t.id) ?? 0,
    })),
    raffle_prizes: pass.prizes.map((p) => {
      const won = pass.results.get(p.position);
      return { position: p.position, item_key: p.itemKey, price: toUnits(p.price), winner_id: won?.userId ?? null, granted: won?.granted ?? false };
    }),
    definition: JSON.stringify(definition, null, 2),
  };
}

/** Defines a season from its document; its audit row names the whole definition but the raffle's seed. */
export async function createEventByOperator(o: { db: Db; catalogue: Catalogue; body: EventDefinition; operator: Operator; now: Date }): Promise<OperatorEvent> {
  const { reason, ...d } = o.body;
  const event = await createEvent(
    o.db,
    o.catalogue,
    {
      slug: d.slug,
      title: d.title,
      subtitle: d.subtitle,
      fullName: d.full_name,
      startsAt: new Date(d.starts_at),
      endsAt: new Date(d.ends_at),
      claimGraceMs: d.claim_days * DAY,
      tabs: d.tabs,
      coinsPerTicket: d.coins_per_ticket,
      topLeaderboardId: d.top_leaderboard_id,
      levels: d.levels.map((l) => ({ threshold: l.threshold, money: l.money, coins: l.coins, caseSlug: l.case, caseAmount: l.case_amount })),
      tasks: d.tasks.map((t) => ({ ...t, type: t.type as TaskType, sectionSlugs: t.sections, caseSlug: t.case })),
      rafflePrizes: d.raffle_prizes,
    },
    async (tx, e) => {
      await recordAction(tx, { operator: o.operator, action: 'events.create', target: { kind: 'event', id: e.id }, before: null, after: { ...d, raffle_seed_hash: e.raffleSeedHash }, reason: reason ?? null });
    },
  );
  return present(event, (await eventUsageById(o.db)).get(event.id) ?? NO_USE, o.now, await shownId(o.db, o.now));
}

/**
 * Changes a season's texts and dates with its row locked. A start moves only while it is ahead
 * (players have not begun), an end only while the season runs and only to a time ahead (ending
 * now is `endEvent`); the claim days count from the end. A closed season changes no more.
 */
export async function editEvent(o: { db: Db; id: number; body: EventEditBody; operator: Operator; now: Date }): Promise<OperatorEvent> {
  const { reason, ...changes } = o.body;
  const updated = await o.db.transaction(async (tx) => {
    const row = await lockEvent(tx, o.id);
    if (!row) throw new AppError('event_not_found');
    if (row.status === 'closed') throw new AppError('event_closed');
    const startsAt = changes.starts_at === undefined ? row.startsAt : new Date(changes.starts_at);
    const endsAt = changes.ends_at === undefined ? row.endsAt : new Date(changes.ends_at);
    if (startsAt.getTime() !== row.startsAt.getTime()) {
      if (row.startsAt <= o.now) throw new AppError('event_started');
      if (startsAt <= o.now) throw new AppError('event_time_past');
    }
    if (endsAt.getTime() !== row.endsAt.getTime()) {
      if (row.endsAt <= o.now) throw new AppError('event_ended');
      if (endsAt <= o.now) throw new AppError('event_time_past');
    }
    if (endsAt <= startsAt) throw new AppError('promotion_dates_order');
    const claimMs = changes.claim_days === undefined ? row.claimUntil.getTime() - row.endsAt.getTime() : changes.claim_days * DAY;
    const next = await updateEvent(tx, o.id, {
      ...(changes.title ? { titleRu: changes.title.ru, titleEn: changes.title.en } : {}),
      ...(changes.subtitle ? { subtitleRu: changes.subtitle.ru, subtitleEn: changes.subtitle.en } : {}),
      ...(changes.full_name ? { fullNameRu: changes.full_name.ru, fullNameEn: changes.full_name.en } : {}),
      startsAt,
      endsAt,
      claimUntil: new Date(endsAt.getTime() + claimMs),
    });
    const keys = Object.keys(changes) as (keyof Settings)[];
    const before = settingsOf(row);
    const after = settingsOf(next);
    await recordAction(tx, {
      operator: o.operator,
      action: 'events.edit',
      target: { kind: 'event', id: o.id },
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      reason: reason ?? null,
    });
    return next;
  });
  return present(updated, (await eventUsageById(o.db)).get(o.id) ?? NO_USE, o.now, await shownId(o.db, o.now));
}

/**
 * Ends a running season now; done levels stay claimable for its claim days. A season already
 * ended, or not yet begun, is refused with no audit row.
 */
export async function endEvent(o: { db: Db; id: number; reason?: string | null; operator: Operator; now: Date }): Promise<OperatorEvent> {
  const ended = await o.db.transaction(async (tx) => {
    const row = await lockEvent(tx, o.id);
    if (!row) throw new AppError('event_not_found');
    if (row.status === 'closed') throw new AppError('event_closed');
    if (row.endsAt <= o.now) throw new AppError('event_ended');
    // A season not yet begun has nothing to end: its dates move instead.
    if (row.startsAt > o.now) throw new AppError('event_upcoming');
    const next = (await endEventNow(tx, o.id, o.now))!;
    await recordAction(tx, {
      operator: o.operator,
      action: 'events.end',
      target: { kind: 'event', id: o.id },
      before: { ends_at: row.endsAt.toISOString(), claim_until: row.claimUntil.toISOString() },
      after: { ends_at: next.endsAt.toISOString(), claim_until: next.claimUntil.toISOString() },
      reason: o.reason ?? null,
    });
    return next;
  });
  // A season lasts at least a millisecond after its start: shown as it stands once that has passed.
  const at = new Date(Math.max(o.now.getTime(), ended.endsAt.getTime()));
  return present(ended, (await eventUsageById(o.db)).get(o.id) ?? NO_USE, at, await shownId(o.db, at));
}
