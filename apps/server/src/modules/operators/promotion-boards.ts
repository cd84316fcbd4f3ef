import { toUnits } from '@store/shared/money';
import type { LeaderboardCreateBody, OperatorLeaderboard } from '@store/shared/api/operator-promotions';
import type { LeaderboardType } from '@store/shared/leaderboards';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { boardUsageById, listBoardRows, type BoardUsageRow } from '../leaderboards/board-usage.ts';
import { createBoard, endBoardNow, findBoard, statusOf, type BoardRow } from '../leaderboards/boards.ts';
import { pickPrizes } from '../leaderboards/seed-leaderboards.ts';
import { recordAction, type Operator } from './audit.ts';

/**
 * Leaderboards in the console and `npm run admin -- top create|end` (decision 033): one
 * operation each, with its audit row in the change's transaction. Ending a board early moves its
 * end to now; the close job then freezes it and pays its prizes as at any end.
 */
const NO_USE: BoardUsageRow = { participants: 0, places: 0, prizesPaid: 0, paidValueMinor: 0 };
/** Prize targets in whole GOLD, dearest first; a board with more places repeats the cheapest. */
const TARGETS = [300, 150, 90, 60, 40, 30, 20, 15, 10, 7, 5];

function present(b: BoardRow, u: BoardUsageRow, now: Date): OperatorLeaderboard {
  return {
    id: b.id,
    type: b.type as LeaderboardType,
    title_ru: b.titleRu,
    title_en: b.titleEn,
    series: b.series,
    starts_at: b.startsAt.toISOString(),
    ends_at: b.endsAt.toISOString(),
    status: statusOf(b, now),
    usage: { participants: u.participants, places: u.places, prizes_paid: u.prizesPaid, paid_value: toUnits(u.paidValueMinor) },
  };
}

export async function listLeaderboards(db: Executor, now: Date): Promise<{ items: OperatorLeaderboard[] }> {
  const [boards, usage] = await Promise.all([listBoardRows(db), boardUsageById(db)]);
  return { items: boards.map((b) => present(b, usage.get(b.id) ?? NO_USE, now)) };
}

/**
 * A board starting now for `hours`, with `prizes` places priced down from 300 GOLD (catalogue
 * items at today's prices). `startsAt` is real time: games are stamped by the database's clock.
 */
export async function createLeaderboard(o: { db: Db; catalogue: Catalogue; body: LeaderboardCreateBody; operator: Operator; now: Date }): Promise<OperatorLeaderboard> {
  const { body } = o;
  if (body.prizes > 0 && !o.catalogue.byPrice().length) throw new AppError('leaderboard_not_found');
  const targets = Array.from({ length: body.prizes }, (_, i) => TARGETS[Math.min(i, TARGETS.length - 1)]!);
  return o.db.transaction(async (tx) => {
    const board = await createBoard(tx, o.catalogue, {
      type: body.type,
      title: { ru: body.title_ru, en: body.title_en },
      description: { ru: body.title_ru, en: body.title_en },
      image: '/img/tops/weekly.svg',
      startsAt: new Date(),
      endsAt: new Date(o.now.getTime() + body.hours * 3_600_000),
      order: body.order,
      prizes: pickPrizes(o.catalogue, targets),
    });
    await recordAction(tx, {
      operator: o.operator,
      action: 'leaderboards.create',
      target: { kind: 'leaderboard', id: board.id },
      before: null,
      after: { type: board.type, title_ru: board.titleRu, title_en: board.titleEn, starts_at: board.startsAt.toISOString(), ends_at: board.endsAt.toISOString(), prizes: body.prizes },
      reason: body.reason ?? null,
    });
    return present(board, NO_USE, o.now);
  });
}

/** Ends a running board now (its prizes are then paid by the close job); a board already ended is refused, with no audit row. */
export async function endLeaderboard(o: { db: Db; id: number; reason?: string | null; operator: Operator; now: Date }): Promise<OperatorLeaderboard> {
  return o.db.transaction(async (tx) => {
    const before = await findBoard(tx, o.id);
    if (!before) throw new AppError('leaderboard_not_found');
    const ended = before.endsAt > o.now ? await endBoardNow(tx, o.id, o.now) : null;
    // A board lasts at least a second after its start: ended again within it, nothing moves.
    if (!ended || ended.endsAt.getTime() === before.endsAt.getTime()) throw new AppError('leaderboard_not_running');
    await recordAction(tx, {
      operator: o.operator,
      action: 'leaderboards.end',
      target: { kind: 'leaderboard', id: o.id },
      before: { ends_at: before.endsAt.toISOString() },
      after: { ends_at: ended.endsAt.toISOString() },
      reason: o.reason ?? null,
    });
    // Shown as it stands once its last second has passed: ended, its prizes to be paid.
    const at = new Date(Math.max(o.now.getTime(), ended.endsAt.getTime()));
    return present(ended, (await boardUsageById(tx)).get(o.id) ?? NO_USE, at);
  });
}
