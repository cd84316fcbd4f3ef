import { sql } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { CsvExportSource } from '../../platform/csv.ts';

interface LedgerRow {
  id: number | string;
  user_id: number;
  currency: string;
  delta: number | string;
  balance_after: number | string;
  reason: string;
  ref: string;
  created_at: Date | string;
}

/** Every change of money in a period, for the console's export: keyset pages by the ledger's id. */
export const ledgerExport = (db: Executor): CsvExportSource => ({
  columns: ['id', 'player_id', 'currency', 'delta', 'balance_after', 'reason', 'ref', 'at'],
  async page({ from, to, after, limit }) {
    const list = await rows<LedgerRow>(
      db,
      sql`select id, user_id, currency, delta, balance_after, reason, ref, created_at from ledger
           where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz and id > ${Number(after ?? 0)}
           order by id limit ${limit}`,
    );
    return {
      cells: list.map((r) => [Number(r.id), r.user_id, r.currency, toUnits(Number(r.delta)), toUnits(Number(r.balance_after)), r.reason, r.ref, new Date(r.created_at)]),
      after: list.length ? String(list[list.length - 1]!.id) : null,
    };
  },
});
