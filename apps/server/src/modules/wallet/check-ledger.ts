import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

export interface LedgerMismatch {
  userId: number;
  currency: string;
  amount: number;
  ledgerSum: number;
}

/**
 * The wallet module's own soundness check: every wallet equals the sum of its ledger rows, which
 * holds as long as each change of money wrote its one conditional statement and its one row. A
 * restored backup is checked with it (`npm run admin -- check`), and the figures say how much the
 * copy holds.
 */
export async function checkLedger(
  db: Executor,
): Promise<{ wallets: number; entries: number; newestEntryAt: string | null; mismatches: LedgerMismatch[] }> {
  const [totals, found] = await Promise.all([
    rows<{ wallets: number | string; entries: number | string; newest: Date | string | null }>(
      db,
      sql`select (select count(*) from wallets) as wallets, (select count(*) from ledger) as entries, (select max(created_at) from ledger) as newest`,
    ),
    rows<{ user_id: number | string; currency: string; amount: number | string; ledger_sum: number | string }>(
      db,
      sql`select w.user_id, w.currency, w.amount, coalesce(sum(l.delta), 0)::bigint as ledger_sum
        from wallets w left join ledger l on l.user_id = w.user_id and l.currency = w.currency
        group by w.user_id, w.currency, w.amount
        having w.amount <> coalesce(sum(l.delta), 0)
        order by w.user_id, w.currency
        limit 100`,
    ),
  ]);
  const t = totals[0]!;
  return {
    wallets: Number(t.wallets),
    entries: Number(t.entries),
    newestEntryAt: t.newest === null ? null : new Date(t.newest).toISOString(),
    mismatches: found.map((m) => ({
      userId: Number(m.user_id),
      currency: m.currency,
      amount: Number(m.amount),
      ledgerSum: Number(m.ledger_sum),
    })),
  };
}
