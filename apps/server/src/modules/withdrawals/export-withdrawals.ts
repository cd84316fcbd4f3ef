import { sql } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { CsvExportSource } from '../../platform/csv.ts';

interface WithdrawalRow {
  id: number | string;
  user_id: number;
  item_key: string;
  market_name: string;
  max_price: number | string;
  method: string;
  state: string;
  reason: string | null;
  vendor_order_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The withdrawals asked for in a period, in their state now, for the console's export: keyset pages by id. */
export const withdrawalsExport = (db: Executor): CsvExportSource => ({
  columns: ['id', 'player_id', 'item_key', 'market_name', 'max_price', 'method', 'state', 'reason', 'vendor_order_id', 'requested_at', 'updated_at'],
  async page({ from, to, after, limit }) {
    const list = await rows<WithdrawalRow>(
      db,
      sql`select id, user_id, item_key, market_name, max_price, method, state, reason, vendor_order_id, created_at, updated_at from withdrawals
           where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz and id > ${Number(after ?? 0)}
           order by id limit ${limit}`,
    );
    return {
      cells: list.map((r) => [Number(r.id), r.user_id, r.item_key, r.market_name, toUnits(Number(r.max_price)), r.method, r.state, r.reason, r.vendor_order_id, new Date(r.created_at), new Date(r.updated_at)]),
      after: list.length ? String(list[list.length - 1]!.id) : null,
    };
  },
});
