import { and, asc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import { type LeaderboardType, prizesAmount, weekOf } from '@store/shared/leaderboards';
import type { Db, Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { leaderboardPrizes, leaderboards } from './schema.ts';

export type BoardRow = typeof leaderboards.$inferSelect;
export type PrizeRow = typeof leaderboardPrizes.$inferSelect;

/** How long an ended board stays among the cards (with its final standings) before only the history shows it. */
export const ENDED_VISIBLE_MS = 24 * 3_600_000;

export interface NewBoard {
  series?: string | null;
  repeats?: 'weekly' | null;
  type: LeaderboardType;
  title: { ru: string; en: string };
  description: { ru: string; en: string };
  image: string;
  startsAt: Date;
  endsAt: Date;
  order?: number;
  /** Catalogue item keys, place 1 first. */
  prizes: readonly string[];
}

/**
 * Defines a board with its prizes (each at the item's price today). A repeating board's period is
 * unique in its series, so defining the same period twice (two processes starting at once) keeps
 * the first and returns it.
 */
export async function createBoard(db: Db, catalogue: Catalogue, board: NewBoard): Promise<BoardRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(leaderboards)
      .values({
        series: board.series ?? null,
        repeats: board.repeats ?? null,
        type: board.type,
        titleRu: board.title.ru,
        titleEn: board.title.en,
        descriptionRu: board.description.ru,
        descriptionEn: board.description.en,
        image: board.image,
        startsAt: board.startsAt,
        endsAt: board.endsAt,
        sortOrder: board.order ?? 0,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [existing] = await tx
        .select()
        .from(leaderboards)
        .where(and(eq(leaderboards.series, board.series!), eq(leaderboards.startsAt, board.startsAt)));
      return existing!;
    }
    if (board.prizes.length) {
      await tx.insert(leaderboardPrizes).values(board.prizes.map((key, i) => ({ leaderboardId: created.id, place: i + 1, itemKey: key, price: catalogue.item(key).price })));
    }
    return created;
  });
}

/**
 * Opens the period of a repeating board that holds `now`, copying the last period's definition
 * and prizes, unless it exists. Called at start and by the close job, so a weekly board always runs.
 */
export async function ensureSeriesPeriod(db: Db, catalogue: Catalogue, series: string, now: Date): Promise<BoardRow | null> {
  const [last] = await db
    .select()
    .from(leaderboards)
    .where(and(eq(leaderboards.series, series), eq(leaderboards.repeats, 'weekly'))).orderBy(sql`${leaderboards.startsAt} desc`).limit(1);
  if (!last) return null;
  if (last.endsAt > now) return last;
  const prizes = await prizesOf(db, [last.id]);
  const week = weekOf(now);
  return createBoard(db, catalogue, {
    series,
    repeats: 'weekly',
    type: last.type as LeaderboardType,
    title: { ru: last.titleRu, en: last.titleEn },
    description: { ru: last.descriptionRu, en: last.descriptionEn },
    image: last.image,
    startsAt: week.start,
    endsAt: week.end,
    order: last.sortOrder,
    prizes: (prizes.get(last.id) ?? []).map((p) => p.itemKey),
  });
}

/** Every repeating series: the close job keeps each of them running. */
export async function listSeries(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ series: leaderboards.series }).from(leaderboards).where(eq(leaderboards.repeats, 'weekly'));
  return rows.map((r) => r.series!);
}

/** The first board of a series (the season's board the seeded event uses as its top). */
export async function findSeriesBoard(db: Executor, series: string): Promise<BoardRow | null> {
  const [row] = await db.select().from(leaderboards).where(eq(leaderboards.series, series)).orderBy(asc(leaderboards.startsAt)).limit(1);
  return row ?? null;
}

export async function findBoard(db: Executor, id: number): Promise<BoardRow | null> {
  const [row] = await db.select().from(leaderboards).where(eq(leaderboards.id, id));
  return row ?? null;
}

/** The cards: running boards and those that ended in the last day, by `order` (then by end). */
export async function listActiveBoards(db: Executor, now: Date): Promise<BoardRow[]> {
  return db
    .select()
    .from(leaderboards)
    .where(or(eq(leaderboards.status, 'running'), gte(leaderboards.endsAt, new Date(now.getTime() - ENDED_VISIBLE_MS))))
    .orderBy(asc(leaderboards.sortOrder), asc(leaderboards.endsAt), asc(leaderboards.id));
}

/** Prizes of boards by place, place 1 first. */
export async function prizesOf(db: Executor, boardIds: readonly number[]): Promise<Map<number, PrizeRow[]>> {
  const out = new Map<number, PrizeRow[]>();
  if (!boardIds.length) return out;
  const rows = await db.select().from(leaderboardPrizes).where(inArray(leaderboardPrizes.leaderboardId, [...boardIds])).orderBy(asc(leaderboardPrizes.place));
  for (const r of rows) out.set(r.leaderboardId, [...(out.get(r.leaderboardId) ?? []), r]);
  return out;
}

/** The status a player sees: a board past its end that is not yet closed is "closing". */
export const statusOf = (board: BoardRow, now: Date): 'running' | 'closing' | 'closed' =>
  board.status === 'closed' ? 'closed' : board.endsAt <= now ? 'closing' : 'running';

export const titleOf = (board: BoardRow, lang: Lang) => (lang === 'en' ? board.titleEn : board.titleRu);

/** The card fields every answer about a board shares. */
export function presentBoardHead(board: BoardRow, prizes: readonly PrizeRow[], lang: Lang) {
  return {
    id: board.id,
    title: titleOf(board, lang),
    type: board.type as LeaderboardType,
    dates: { start: board.startsAt.toISOString(), end: board.endsAt.toISOString() },
    prizes_amount: prizesAmount(prizes.map((p) => p.price)),
  };
}

/** A prize item as the ranking, the history and the reward popup show it. */
export function presentPrizeItem(catalogue: Catalogue, itemKey: string, price: number, lang: Lang) {
  const item = catalogue.find(itemKey);
  const shown = item ? catalogue.present(item, lang, price) : null;
  return {
    id: itemKey,
    name: shown?.name ?? itemKey,
    image: shown?.image ?? '',
    rarity: shown?.rarity ?? '',
    rarity_color: shown?.rarity_color ?? '#b0c3d9',
    price: shown?.price ?? price / 100,
  };
}

/** Ends a running board now (an operator's decision); the close job then freezes it as at any end. */
export async function endBoardNow(db: Executor, id: number, now: Date): Promise<BoardRow | null> {
  const [row] = await db
    .update(leaderboards)
    .set({ endsAt: sql`greatest(${leaderboards.startsAt} + interval '1 second', least(${leaderboards.endsAt}, ${now.toISOString()}::timestamptz))` })
    .where(and(eq(leaderboards.id, id), eq(leaderboards.status, 'running')))
    .returning();
  return row ?? null;
}

/** The newest boards for the operator's list: what each counts, when, how many play, how many prizes are paid. */
export async function listBoardsForOperators(db: Executor) {
  const found = await rows<{
    id: number;
    title_en: string;
    type: string;
    status: string;
    starts_at: string | Date;
    ends_at: string | Date;
    players: number | string;
    paid: number | string;
    places: number | string;
  }>(
    db,
    sql`select b.id, b.title_en, b.type, b.status, b.starts_at, b.ends_at,
               (select count(*) from leaderboard_entries e where e.leaderboard_id = b.id and e.score > 0) as players,
               (select count(*) from leaderboard_results r where r.leaderboard_id = b.id and r.paid_at is not null) as paid,
               (select count(*) from leaderboard_results r where r.leaderboard_id = b.id) as places
          from leaderboards b order by b.id desc limit 50`,
  );
  return found.map((b) => ({
    id: b.id,
    title: b.title_en,
    type: b.type,
    status: b.status,
    starts_at: new Date(b.starts_at).toISOString(),
    ends_at: new Date(b.ends_at).toISOString(),
    players: Number(b.players),
    prizes_paid: `${Number(b.paid)}/${Number(b.places)}`,
  }));
}
