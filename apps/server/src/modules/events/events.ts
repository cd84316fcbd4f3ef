import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import { randomSeedHex, hashServerSeed } from '@store/shared/provably-fair';
import { EVENT_TABS, type EventTab } from '@store/shared/battle-pass';
import { TASK_TYPES, type TaskType } from '@store/shared/events';
import { MINOR_PER_UNIT } from '@store/shared/constants';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCasesBySlugs } from '../catalogue/find-cases.ts';
import { listCatalogueRows } from '../catalogue/find-cases.ts';
import { NEON_LOOK, type EventLook } from './look.ts';
import { eventPassLevels, eventRafflePrizes, events, eventTasks } from './schema.ts';

export type EventRow = typeof events.$inferSelect;
export type PassLevelRow = typeof eventPassLevels.$inferSelect;
export type TaskRow = typeof eventTasks.$inferSelect;

/** A season with what never changes while it runs: its levels (level order) and tasks. */
export interface Season {
  event: EventRow;
  look: EventLook;
  levels: PassLevelRow[];
  tasks: TaskRow[];
}

type Localized = { ru: string; en: string };
export const pick = (l: Localized, lang: Lang) => (lang === 'en' ? l.en : l.ru);

export interface NewEvent {
  slug: string;
  title: Localized;
  subtitle: Localized;
  fullName: Localized;
  startsAt: Date;
  endsAt: Date;
  /** Done levels stay claimable this long after the end. */
  claimGraceMs: number;
  tabs?: readonly EventTab[];
  look?: EventLook;
  coinsPerTicket?: number;
  topLeaderboardId?: number | null;
  /** Whole coins earned at which each level is reached, with its reward (money in minor units, coins whole). */
  levels: { threshold: number; money?: number; coins?: number; caseSlug?: string; caseAmount?: number }[];
  tasks: { level: number; type: TaskType; target: number; sectionSlugs?: string[]; description: Localized; money?: number; coins?: number; caseSlug?: string }[];
  /** Catalogue item keys, first prize first. */
  rafflePrizes?: string[];
}

/**
 * Defines a season, with its pass, tasks and raffle, in one transaction. The raffle's server
 * seed is chosen now and only its hash is shown until the draw, so the draw cannot be picked
 * after the tickets are known. Refuses unknown cases, sections, items and task types, and a taken
 * slug. `within` runs in the same transaction (the console's audit row).
 */
export async function createEvent(db: Db, catalogue: Catalogue, e: NewEvent, within?: (tx: Tx, event: EventRow) => Promise<void>): Promise<EventRow> {
  if (!(e.endsAt > e.startsAt)) throw new AppError('validation', { fields: ['ends_at'] });
  const caseSlugs = [...new Set([...e.levels, ...e.tasks].flatMap((x) => (x.caseSlug ? [x.caseSlug] : [])))];
  const caseIds = new Map((await findCasesBySlugs(db, caseSlugs)).map((c) => [c.slug, c.id]));
  const missingCase = caseSlugs.find((s) => !caseIds.has(s));
  if (missingCase) throw new AppError('caseNotFound');
  const { sections } = await listCatalogueRows(db);
  const sectionIds = new Map(sections.map((s) => [s.slug, s.id]));
  for (const t of e.tasks) {
    if (!TASK_TYPES.includes(t.type)) throw new AppError('validation', { fields: ['tasks.type'] });
    if (t.sectionSlugs?.some((s) => !sectionIds.has(s))) throw new AppError('validation', { fields: ['tasks.sections'] });
  }
  for (const key of e.rafflePrizes ?? []) if (!catalogue.find(key)) throw new AppError('validation', { fields: ['raffle_prizes'] });
  const seed = randomSeedHex();
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({
        slug: e.slug,
        titleRu: e.title.ru,
        titleEn: e.title.en,
        subtitleRu: e.subtitle.ru,
        subtitleEn: e.subtitle.en,
        fullNameRu: e.fullName.ru,
        fullNameEn: e.fullName.en,
        startsAt: e.startsAt,
        endsAt: e.endsAt,
        claimUntil: new Date(e.endsAt.getTime() + e.claimGraceMs),
        tabs: [...(e.tabs ?? ['TastyBattlePass', 'NewCases', 'FreeCases', 'Top'])].filter((t) => (EVENT_TABS as readonly string[]).includes(t)),
        look: e.look ?? NEON_LOOK,
        raffleSeed: seed,
        raffleSeedHash: hashServerSeed(seed),
        coinsPerTicket: e.coinsPerTicket ?? 100,
        topLeaderboardId: e.topLeaderboardId ?? null,
      })
      .onConflictDoNothing({ target: events.slug })
      .returning();
    // A slug is the season's address for ever: a second season under it is refused.
    if (!event) throw new AppError('event_slug_taken');
    const id = event.id;
    if (e.levels.length) {
      await tx.insert(eventPassLevels).values(
        e.levels.map((l, i) => ({
          eventId: id,
          level: i + 1,
          threshold: l.threshold,
          rewardMoney: l.money ?? 0,
          rewardCoins: (l.coins ?? 0) * MINOR_PER_UNIT,
          rewardCaseId: l.caseSlug ? caseIds.get(l.caseSlug)! : null,
          rewardCaseAmount: l.caseSlug ? (l.caseAmount ?? 1) : 0,
        })),
      );
    }
    if (e.tasks.length) {
      await tx.insert(eventTasks).values(
        e.tasks.map((t, i) => ({
          eventId: id,
          level: t.level,
          type: t.type,
          target: t.target,
          sectionIds: t.sectionSlugs?.length ? t.sectionSlugs.map((s) => sectionIds.get(s)!) : null,
          descriptionRu: t.description.ru,
          descriptionEn: t.description.en,
          rewardMoney: t.money ?? 0,
          rewardCoins: (t.coins ?? 0) * MINOR_PER_UNIT,
          rewardCaseId: t.caseSlug ? caseIds.get(t.caseSlug)! : null,
          sort: i,
        })),
      );
    }
    const prizes = e.rafflePrizes ?? [];
    if (prizes.length) {
      await tx.insert(eventRafflePrizes).values(prizes.map((key, i) => ({ eventId: id, position: i + 1, itemKey: key, price: catalogue.item(key)!.price })));
    }
    await within?.(tx, event);
    return event;
  });
}

export async function findEventBySlug(db: Executor, slug: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.slug, slug));
  return row ?? null;
}

/**
 * The event the store shows at `now`: the running one (started, and still claimable), else the
 * next to start. An ended event stays shown until its claims close, so a player can still
 * collect what they earned.
 */
export async function findShownEvent(db: Executor, now: Date): Promise<EventRow | null> {
  const at = now.toISOString();
  const [started] = await db
    .select()
    .from(events)
    .where(and(lte(events.startsAt, sql`${at}::timestamptz`), gt(events.claimUntil, sql`${at}::timestamptz`)))
    .orderBy(desc(events.startsAt))
    .limit(1);
  if (started) return started;
  const [next] = await db.select().from(events).where(gt(events.startsAt, sql`${at}::timestamptz`)).orderBy(asc(events.startsAt)).limit(1);
  return next ?? null;
}

export async function loadSeason(db: Executor, event: EventRow): Promise<Season> {
  const [levels, tasks] = await Promise.all([
    db.select().from(eventPassLevels).where(eq(eventPassLevels.eventId, event.id)).orderBy(asc(eventPassLevels.level)),
    db.select().from(eventTasks).where(eq(eventTasks.eventId, event.id)).orderBy(asc(eventTasks.level), asc(eventTasks.sort)),
  ]);
  return { event, look: event.look as EventLook, levels, tasks };
}

/** Whether an event is on at `now` (started and not ended): its cases are for sale only then. */
export async function isEventOn(db: Executor, now: Date): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [on] = await db.select({ id: events.id }).from(events).where(and(lte(events.startsAt, at), gt(events.endsAt, at))).limit(1);
  return on !== undefined;
}

export async function listRunningEvents(db: Executor): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.status, 'running'));
}

export async function tasksOfEvents(db: Executor, eventIds: readonly number[]): Promise<TaskRow[]> {
  if (!eventIds.length) return [];
  return db.select().from(eventTasks).where(inArray(eventTasks.eventId, [...eventIds]));
}

/** Ends an event at `now` (the operator's "end now", and the tests'); its claims stay open for their grace. */
export async function endEventNow(db: Executor, id: number, now: Date): Promise<EventRow | null> {
  const [row] = await db
    .update(events)
    .set({
      endsAt: sql`greatest(${events.startsAt} + interval '1 millisecond', least(${events.endsAt}, ${now.toISOString()}::timestamptz))`,
      claimUntil: sql`${events.claimUntil} - (${events.endsAt} - greatest(${events.startsAt} + interval '1 millisecond', least(${events.endsAt}, ${now.toISOString()}::timestamptz)))`,
    })
    .where(and(eq(events.id, id), eq(events.status, 'running')))
    .returning();
  return row ?? null;
}

/**
 * The season as every reader needs it, shared for a moment: the event settings and the pass are
 * read on every page, and a season's definition does not change while it runs.
 */
export class SeasonCache {
  private entry: { at: number; season: Promise<Season | null> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
  ) {}

  shown(now: Date): Promise<Season | null> {
    const t = Date.now();
    if (this.entry && t - this.entry.at < this.ttlMs) return this.entry.season;
    const season = findShownEvent(this.db, now).then((e) => (e ? loadSeason(this.db, e) : null));
    this.entry = { at: t, season };
    season.catch(() => {
      if (this.entry?.season === season) this.entry = null;
    });
    return season;
  }

  /** Forget the shared season (an operator changed it, or a test moved the clock). */
  invalidate(): void {
    this.entry = null;
  }
}
