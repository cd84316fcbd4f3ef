import { bandStanding, type RtpBand } from '@store/shared/pricing';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { lockCase, updateCaseFields } from '../catalogue/edit-cases.ts';
import { clearCaseBandFlag, lockCaseBandFlag } from '../pricing/case-bands.ts';
import { PriceListUnavailable } from '../pricing/price-list.ts';
import type { PriceJob } from '../pricing/price-job.ts';
import { presentRun } from '../pricing/price-report.ts';
import { findPriceRun } from '../pricing/price-runs.ts';
import { recordAction, type Operator } from './audit.ts';
import { changeOddsWithin } from './change-odds.ts';
import { oddsFiguresOf } from './case-figures.ts';
import { checkedRanges } from './odds-guard.ts';

/**
 * What an admin does about a case the price run flagged (decision 078): publish its proposed odds
 * as a new version through the console's odds path (checked, guarded, audited as `cases.odds`),
 * or take the case off sale with the case's lock (audited as `cases.edit`). Either settles the
 * flag in the same transaction. Nothing changes a case's odds without one of these.
 */

/** Publishes the flag's proposal, made on `oddsId`: refused when the case has moved on since or the proposal no longer lands in the band. */
export async function publishPriceProposal(o: { db: Db; catalogue: Catalogue; band: RtpBand; caseId: number; oddsId: number; reason?: string; operator: Operator }) {
  return o.db.transaction(async (tx) => {
    const flag = await lockCaseBandFlag(tx, o.caseId);
    if (!flag?.proposal) throw new AppError('price_proposal_not_found');
    const c = await lockCase(tx, o.caseId);
    if (!c) throw new AppError('caseNotFound');
    if (flag.oddsId !== o.oddsId || c.oddsId !== flag.oddsId) throw new AppError('price_proposal_stale');
    const ranges = checkedRanges(o.catalogue, flag.proposal);
    // At this process's prices now: a later run may have moved them since the proposal was made.
    if (bandStanding(oddsFiguresOf(o.catalogue, ranges, c.price).rtp, o.band) !== 'in') throw new AppError('price_proposal_stale');
    const result = await changeOddsWithin(tx, {
      catalogue: o.catalogue,
      caseId: o.caseId,
      ranges,
      // The band is the operator's own and the proposal lands inside it: publishing it is the confirmation.
      confirmRtp: true,
      reason: o.reason ?? `price run ${flag.runId}: proposed odds published`,
      operator: o.operator,
    });
    await clearCaseBandFlag(tx, o.caseId);
    return result;
  });
}

/** Locks the case (off sale, still listed) and settles its flag. */
export async function takeCaseOffSale(o: { db: Db; caseId: number; reason?: string; operator: Operator }) {
  return o.db.transaction(async (tx) => {
    const c = await lockCase(tx, o.caseId);
    if (!c) throw new AppError('caseNotFound');
    if (!c.locked) await updateCaseFields(tx, o.caseId, { locked: true });
    const auditId = await recordAction(tx, {
      operator: o.operator,
      action: 'cases.edit',
      target: { kind: 'case', id: c.id },
      before: { locked: c.locked },
      after: { locked: true },
      reason: o.reason ?? 'out of the RTP band: taken off sale from the prices page',
    });
    await clearCaseBandFlag(tx, o.caseId);
    return { case_id: c.id, locked: true as const, audit_id: auditId };
  });
}

/** A price run now, audited when it ran (`prices.run`); not run while another holds the lease. */
export async function runPricesNow(o: { db: Db; job: PriceJob; operator: Operator }) {
  const report = await o.job.runNow().catch((err: unknown) => {
    // The run is recorded as failed; the operator is told why in the catalogue's words.
    if (err instanceof PriceListUnavailable) throw new AppError('price_list_unavailable', { detail: err.message });
    throw err;
  });
  if (!report) return { ran: false, run: null };
  const run = (await findPriceRun(o.db, report.runId))!;
  await o.db.transaction((tx) =>
    recordAction(tx, { operator: o.operator, action: 'prices.run', target: { kind: 'prices', id: report.runId }, before: null, after: { ...report }, reason: null }),
  );
  return { ran: true, run: presentRun(run, new Date()) };
}
