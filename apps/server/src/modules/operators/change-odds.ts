import { rtpNeedsConfirmation, type TicketRange } from '@store/shared/odds';
import { simulateCaseOpenings } from '@store/shared/odds-simulation';
import { toUnits } from '@store/shared/money';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { addOddsVersion, findCaseById, lockCase } from '../catalogue/edit-cases.ts';
import { findOddsVersions } from '../catalogue/find-cases.ts';
import { recordAction, type Operator } from './audit.ts';
import { isRtpGuarded, oddsFiguresOf, priceIn, round } from './case-figures.ts';
import { checkedRanges, rtpRefusal } from './odds-guard.ts';

/**
 * A case's odds from the console (decision 029): a table is checked by the shared
 * `oddsTableProblems`, stored as a new immutable version the case then sells with (openings
 * already made keep the version they used), and simulated with the store's own roll.
 */

/**
 * A new odds version for the case: refused when the table is unsound, or when its return to
 * player at the case's price leaves the guard range and is not confirmed; otherwise inserted, the
 * case pointed at it and the audit row (old version and RTP, new version and RTP) written, in one
 * transaction.
 */
export async function changeOdds(o: {
  db: Db;
  catalogue: Catalogue;
  caseId: number;
  ranges: readonly TicketRange[];
  confirmRtp?: boolean;
  reason?: string | null;
  operator: Operator;
}) {
  const ranges = checkedRanges(o.catalogue, o.ranges);
  return o.db.transaction((tx) => changeOddsWithin(tx, { ...o, ranges }));
}

/**
 * `changeOdds` inside the caller's transaction, for a table already checked by `checkedRanges`
 * (the price page's published proposal settles its flag in the same transaction).
 */
export async function changeOddsWithin(
  tx: Tx,
  o: { catalogue: Catalogue; caseId: number; ranges: TicketRange[]; confirmRtp?: boolean; reason?: string | null; operator: Operator },
) {
  const c = await lockCase(tx, o.caseId);
  if (!c) throw new AppError('caseNotFound');
  const rtp = oddsFiguresOf(o.catalogue, o.ranges, c.price).rtp;
  if (isRtpGuarded(c) && rtpNeedsConfirmation(rtp) && !o.confirmRtp) throw rtpRefusal(rtp);
  const old = c.oddsId ? (await findOddsVersions(tx, [c.oddsId])).get(c.oddsId) : undefined;
  const oddsId = await addOddsVersion(tx, { caseId: c.id, ranges: o.ranges, rtp });
  const auditId = await recordAction(tx, {
    operator: o.operator,
    action: 'cases.odds',
    target: { kind: 'case', id: c.id },
    before: old ? { odds_id: old.id, rtp: oddsFiguresOf(o.catalogue, old.ranges, c.price).rtp } : null,
    after: { odds_id: oddsId, rtp, confirmed: Boolean(o.confirmRtp) && rtpNeedsConfirmation(rtp) },
    reason: o.reason ?? null,
  });
  return { case_id: c.id, odds_id: oddsId, previous_odds_id: old?.id ?? null, rtp, audit_id: auditId };
}

/** Plays n openings of the case's current table, or of a draft, without touching the database's rows. */
export async function simulateCase(o: { db: Executor; catalogue: Catalogue; caseId: number; n: number; draft?: readonly TicketRange[]; seed?: number }) {
  const c = await findCaseById(o.db, o.caseId);
  if (!c) throw new AppError('caseNotFound');
  let ranges: readonly TicketRange[];
  if (o.draft) ranges = checkedRanges(o.catalogue, o.draft);
  else {
    const odds = c.oddsId ? (await findOddsVersions(o.db, [c.oddsId])).get(c.oddsId) : undefined;
    if (!odds) throw new AppError('odds_not_found');
    ranges = odds.ranges;
  }
  const r = simulateCaseOpenings({ ranges, priceOf: priceIn(o.catalogue), casePrice: c.price, n: o.n, seed: o.seed });
  return {
    odds_id: o.draft ? null : c.oddsId,
    n: r.n,
    expected_rtp: r.expected_rtp,
    observed_rtp: r.observed_rtp,
    standard_error: r.standard_error,
    expected_value: toUnits(r.expected_value),
    observed_value: toUnits(r.observed_value),
    counts: r.counts.map((l) => ({ item: l.item, name: o.catalogue.find(l.item)?.nameEn ?? l.item, count: l.count, expected: round(l.expected) })),
    server_seed_hash: r.server_seed_hash,
    client_seed: r.client_seed,
  };
}
