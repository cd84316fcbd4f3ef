import { z } from 'zod';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { errorMessage } from '@store/shared/errors';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { setPlayerBlocked } from '../modules/operators/block-player.ts';
import type { OperatorEvents } from '../modules/operators/operator-events.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { AdminError } from './admin-error.ts';

const reason = z.string().trim().min(ADJUSTMENT_REASON.min).max(ADJUSTMENT_REASON.max);

/** `block --login X --reason R` and `unblock --login X`: the console's block, from the command line (decision 059). */
export const blockCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('block'), login: z.string().min(1), reason, operator: z.string().min(1) }),
  z.object({ command: z.literal('unblock'), login: z.string().min(1), reason: reason.optional(), operator: z.string().min(1) }),
]);
export type BlockCommand = z.infer<typeof blockCommand>;

/**
 * Blocks or unblocks an account through the console's operation, with its audit row naming the
 * command line. The command line may act on any account, operators included (it is how a blocked
 * admin gets back in), but never blocks the last acting admin.
 */
export async function runBlockCommand(db: Db, cmd: BlockCommand, events: OperatorEvents, now: Date) {
  const userId = await findUserIdByLogin(db, cmd.login);
  if (!userId) throw new AdminError(`no player with login "${cmd.login}"`);
  try {
    const standing = await setPlayerBlocked({
      db,
      userId,
      block: cmd.command === 'block',
      reason: cmd.reason ?? null,
      operator: { id: null, name: cmd.operator },
      events,
      now,
    });
    return { login: cmd.login, ...standing };
  } catch (err) {
    if (err instanceof AppError && err.code === 'last_admin') throw new AdminError(`${cmd.login}: ${errorMessage('last_admin', 'en')}; make another admin first`);
    throw err;
  }
}
