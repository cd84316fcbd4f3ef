import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { Catalogue } from '../modules/catalogue/catalogue.ts';
import { giveItems } from '../modules/operators/give-items.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { listWithdrawals, settleWithdrawal } from '../modules/withdrawals/settle-withdrawal.ts';
import { actingOperator } from '../modules/operators/acting-operator.ts';
import type { SkinVendor } from '../modules/withdrawals/vendor.ts';
import { WITHDRAWAL_STATES } from '@store/shared/withdrawals';
import { errorMessage } from '@store/shared/errors';
import { AppError } from '../http/errors.ts';
import { AdminError } from './admin-error.ts';

export const itemCommand = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('give-item'),
    login: z.string().min(1),
    item: z.string().min(1),
    count: z.number().int().min(1).max(100).default(1),
    operator: z.string().min(1),
    reason: z.string().trim().min(3).max(500).optional(),
  }),
  z.object({ command: z.literal('withdrawal-list'), state: z.enum(WITHDRAWAL_STATES).default('support') }),
  z.object({ command: z.literal('withdrawal-settle'), id: z.number().int().positive(), outcome: z.enum(['delivered', 'returned']), operator: z.string().min(1) }),
]);
export type ItemCommand = z.infer<typeof itemCommand>;

/**
 * Items and withdrawals by hand: give a player a catalogue item (support's compensation, tests),
 * list withdrawals in a state (the operators' queue is `support`), and settle one after checking
 * the marketplace: delivered, or the item returned to the player.
 */
export async function runItemCommand(db: Db, cmd: ItemCommand, vendor?: SkinVendor): Promise<unknown> {
  switch (cmd.command) {
    case 'give-item': {
      const catalogue = new Catalogue(new Map(), 'generated');
      await catalogue.load(db);
      const item = catalogue.find(cmd.item);
      if (!item) throw new AdminError(`no catalogue item "${cmd.item}"`);
      const userId = await findUserIdByLogin(db, cmd.login);
      if (!userId) throw new AdminError(`no player with login "${cmd.login}"`);
      // The console's kind of operation: the items and their audit row naming the command line.
      const given = await giveItems({ db, userId, item, count: cmd.count, reason: cmd.reason, operator: { id: null, name: cmd.operator } });
      return { user_id: userId, login: cmd.login, inventory_id: given.inventory_ids[0]!, inventory_ids: given.inventory_ids, item: given.item, price: given.price };
    }
    case 'withdrawal-list':
      return listWithdrawals(db, cmd.state);
    case 'withdrawal-settle': {
      const settled = await settleWithdrawal(db, { id: cmd.id, outcome: cmd.outcome, operator: actingOperator({ id: null, name: cmd.operator }), vendor }).catch((err: unknown) => {
        // The marketplace's word refused a return: the operator is told why, in the command's words.
        if (err instanceof AppError && (err.code === 'withdrawal_market_pending' || err.code === 'withdrawal_delivered_at_market')) throw new AdminError(errorMessage(err.code, 'en'));
        throw err;
      });
      if (!settled) throw new AdminError(`withdrawal ${cmd.id} is not waiting for an operator`);
      return settled;
    }
  }
}
