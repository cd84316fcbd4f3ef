import type { Db } from '../db/client.ts';
import { checkReadiness } from '../modules/platform/check-readiness.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';

export interface StoreCheck {
  /** What was checked: the database answering, its migrations, the wallets against their ledger. */
  name: 'database' | 'migrations' | 'ledger';
  ok: boolean;
  detail: string;
}

export interface StoreCheckReport {
  /** Whether every check passed: the command exits non-zero otherwise. */
  ok: boolean;
  checks: StoreCheck[];
  /** How much the database holds, so a restore can be compared with what it was taken from. */
  figures: { wallets: number; ledger_entries: number; newest_ledger_entry: string | null };
}

/**
 * `npm run admin -- check`: whether a database is a sound store, with the store's own rules and
 * without changing it (opened with `prepare: false`): it answers, it has every migration this code
 * was built with (readiness's rule), and every wallet equals the sum of its ledger (the wallet
 * module's). The restore drill (scripts/pg-restore-drill.mjs) runs it on each restored copy.
 */
export async function checkStore(db: Db): Promise<StoreCheckReport> {
  const readiness = await checkReadiness({ db, redis: null });
  const checks: StoreCheck[] = [
    {
      name: 'database',
      ok: readiness.checks.database === 'ok',
      detail: readiness.checks.database === 'ok' ? 'answers' : 'does not answer',
    },
    {
      name: 'migrations',
      ok: readiness.checks.migrations === 'ok',
      detail:
        readiness.checks.migrations === 'ok'
          ? 'every migration of this code is applied'
          : 'migrations of this code are missing (an older backup: starting the store applies them)',
    },
  ];
  let figures: StoreCheckReport['figures'] = { wallets: 0, ledger_entries: 0, newest_ledger_entry: null };
  if (readiness.checks.database === 'ok') {
    const ledger = await checkLedger(db).catch((err: unknown) => err as Error);
    if (ledger instanceof Error) {
      checks.push({
        name: 'ledger',
        ok: false,
        detail: `the wallets and the ledger cannot be read: ${(ledger.cause as Error | undefined)?.message ?? ledger.message}`,
      });
      return { ok: false, checks, figures };
    }
    figures = { wallets: ledger.wallets, ledger_entries: ledger.entries, newest_ledger_entry: ledger.newestEntryAt };
    const shown = ledger.mismatches.slice(0, 5).map((m) => `user ${m.userId} ${m.currency}: wallet ${m.amount}, ledger ${m.ledgerSum}`);
    checks.push({
      name: 'ledger',
      ok: ledger.mismatches.length === 0,
      detail:
        ledger.mismatches.length === 0
          ? `${ledger.wallets} wallets equal their ledger (${ledger.entries} entries)`
          : `${ledger.mismatches.length} wallets differ from their ledger: ${shown.join('; ')}`,
    });
  }
  return { ok: checks.every((c) => c.ok), checks, figures };
}
