import { z } from 'zod';
import { toUnits } from '@store/shared/money';
import type { Db } from '../db/client.ts';
import { Catalogue } from '../modules/catalogue/catalogue.ts';
import { grantItems } from '../modules/inventory/grant-items.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { listWithdrawals, settleWithdrawal } from '../modules/withdrawals/settle-withdrawal.ts';
import type { SkinVendor } from '../modules/withdrawals/vendor.ts';
import { WITHDRAWAL_STATES } from '@store/shared/withdrawals';
import { errorMessage } from '@store/shared/errors';
import { AppError } from '../http/errors.ts';
import { AdminError } from './admin-error.ts';

export const itemCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('give-item'), login: z.string().min(1), item: z.string().min(1), count: z.number().int().min(1).max(100).default(1), operator: z.string().min(1) }),
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
      return db.transaction(async (tx) => {
        const userId = await findUserIdByLogin(tx, cmd.login);
        if (!userId) throw new AdminError(`no player with login "${cmd.login}"`);
        const rows = await grantItems(tx, { userId, source: 'Operator', sourceRef: `operator:${cmd.operator}`, items: Array.from({ length: cmd.count }, () => ({ key: item.key, price: item.price })) });
        return { user_id: userId, login: cmd.login, inventory_id: rows[0]!.id, inventory_ids: rows.map((r) => r.id), item: item.key, price: toUnits(item.price) };
      });
    }
    case 'withdrawal-list':
      return listWithdrawals(db, cmd.state);
    case 'withdrawal-settle': {
      const settled = await settleWithdrawal(db, { id: cmd.id, outcome: cmd.outcome, operator: cmd.operator, vendor }).catch((err: unknown) => {
        // The marketplace's word refused a return: the operator is told why, in the command's words.
        if (err instanceof AppError && (err.code === 'withdrawal_market_pending' || err.code === 'withdrawal_delivered_at_market')) throw new AdminError(errorMessage(err.code, 'en'));
        throw err;
      });
      if (!settled) throw new AdminError(`withdrawal ${cmd.id} is not waiting for an operator`);
      return settled;
    }
  }
}
