import { z } from 'zod';
import { LEADERBOARD_TYPES } from '@store/shared/leaderboards';
import type { Db } from '../db/client.ts';
import { Catalogue } from '../modules/catalogue/catalogue.ts';
import { AppError } from '../http/errors.ts';
import { listBoardsForOperators } from '../modules/leaderboards/boards.ts';
import { createLeaderboard, endLeaderboard } from '../modules/operators/promotion-boards.ts';
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
    /** Who the audit names; `operator` when not given. */
    operator: z.string().min(1).optional(),
  }),
  z.object({ command: z.literal('top-list') }),
  z.object({ command: z.literal('top-end'), id: z.number().int().positive(), operator: z.string().min(1).optional() }),
]);
export type TopCommand = z.infer<typeof topCommand>;

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
      const title = cmd.title ?? `Top ${cmd.type}`;
      // The console's operation: the same prizes, and its audit row naming `--operator`.
      const board = await createLeaderboard({
        db,
        catalogue,
        body: { type: cmd.type, title_ru: title, title_en: title, hours: cmd.hours, prizes: cmd.prizes, order: cmd.order },
        operator: { id: null, name: cmd.operator ?? 'operator' },
        now,
      });
      return { id: board.id, type: board.type, starts_at: board.starts_at, ends_at: board.ends_at, prizes: cmd.prizes };
    }
    case 'top-list':
      return listBoardsForOperators(db);
    case 'top-end': {
      const ended = await endLeaderboard({ db, id: cmd.id, operator: { id: null, name: cmd.operator ?? 'operator' }, now }).catch((err: unknown) => {
        if (err instanceof AppError) throw new AdminError(`no running leaderboard ${cmd.id}`);
        throw err;
      });
      return { id: ended.id, ends_at: ended.ends_at };
    }
  }
}
