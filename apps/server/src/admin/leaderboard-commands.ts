import { z } from 'zod';
import { LEADERBOARD_TYPES } from '@store/shared/leaderboards';
import type { Db } from '../db/client.ts';
import { Catalogue } from '../modules/catalogue/catalogue.ts';
import { createBoard, endBoardNow, listBoardsForOperators } from '../modules/leaderboards/boards.ts';
import { pickPrizes } from '../modules/leaderboards/seed-leaderboards.ts';
import type { Clock } from '../platform/clock.ts';
import { AdminError } from './admin-error.ts';

export const topCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('top-create'),
    type: z.enum(LEADERBOARD_TYPES),
    hours: z.number().positive().max(24 * 366),
    prizes: z.number().int().min(0).max(100).default(10),
    title: z.string().min(1).max(80).optional(),
    order: z.number().int().min(-1000).max(1000).default(0),
  }),
  z.object({ command: z.literal('top-list') }),
  z.object({ command: z.literal('top-end'), id: z.number().int().positive() }),
]);
export type TopCommand = z.infer<typeof topCommand>;

/** Prize targets in whole GOLD for an operator's board, dearest first; a board with more places repeats the cheapest. */
const TARGETS = [300, 150, 90, 60, 40, 30, 20, 15, 10, 7, 5];

/**
 * Operators' leaderboards: define one starting now (`top create`), list them with how many play and
 * how many prizes are paid (`top list`), and end one early (`top end`): the close job then freezes
 * it and pays its prizes as at any end.
 */
export async function runTopCommand(db: Db, cmd: TopCommand, clock?: Clock) {
  const now = clock?.now() ?? new Date();
  switch (cmd.command) {
    case 'top-create': {
      const catalogue = new Catalogue(new Map(), 'generated');
      await catalogue.load(db);
      if (!catalogue.byPrice().length) throw new AdminError('the catalogue is empty: no prizes to give');
      const targets = Array.from({ length: cmd.prizes }, (_, i) => TARGETS[Math.min(i, TARGETS.length - 1)]!);
      const title = cmd.title ?? `Top ${cmd.type}`;
      const board = await createBoard(db, catalogue, {
        type: cmd.type,
        title: { ru: title, en: title },
        description: { ru: title, en: title },
        image: '/img/tops/weekly.svg',
        // From this moment in real time: games are stamped by the database's clock. On a store with
        // a moved test clock the end is counted from the moved time, so moving it on ends the board.
        startsAt: new Date(),
        endsAt: new Date(now.getTime() + cmd.hours * 3_600_000),
        order: cmd.order,
        prizes: pickPrizes(catalogue, targets),
      });
      return { id: board.id, type: board.type, starts_at: board.startsAt.toISOString(), ends_at: board.endsAt.toISOString(), prizes: cmd.prizes };
    }
    case 'top-list':
      return listBoardsForOperators(db);
    case 'top-end': {
      const ended = await endBoardNow(db, cmd.id, now);
      if (!ended) throw new AdminError(`no running leaderboard ${cmd.id}`);
      return { id: ended.id, ends_at: ended.endsAt.toISOString() };
    }
  }
}
