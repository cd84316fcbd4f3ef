import { and, eq, notInArray, sql } from 'drizzle-orm';
import { summarizeOdds } from '@store/shared/odds';
import { simulateCaseOpenings } from '@store/shared/odds-simulation';
import { bandStanding, proposeOdds, type RtpBand } from '@store/shared/pricing';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findOddsVersions, listCatalogueRows, type CaseRow } from '../catalogue/find-cases.ts';
import { caseBandFlags, type CaseBandFlagRow } from './schema.ts';

/**
 * The cases after a price run (decision 078). A case's odds are fixed per version (the
 * provably-fair pages promise it), so prices moving under them move its return to player. Each
 * case on sale for GOLD is measured at today's prices; one outside the band is flagged with its
 * drift and, when these items can reach the band, a proposed rebalanced version whose return the
 * store's own simulator has played. Nothing here changes a case: an admin publishes the proposal
 * as a new odds version or takes the case off sale.
 */

/** Openings the simulator plays over a proposal: enough for a standard error of a fraction of a percent on most cases. */
export const PROPOSAL_SIMULATION_OPENINGS = 20_000;

/** The cases the band applies to: sold for GOLD (not level cases), listed, not locked, with odds. */
export const isWatchedCase = (c: CaseRow) => c.currency === 'GOLD' && !c.daily && c.status === 'active' && !c.locked && c.oddsId !== null;

/** Measures every watched case and replaces the flags, in one transaction. Returns the flags now held. */
export async function checkCaseBands(o: { db: Db; catalogue: Catalogue; band: RtpBand; runId: number; openings?: number }): Promise<number> {
  const { cases } = await listCatalogueRows(o.db);
  const watched = cases.filter(isWatchedCase);
  const odds = await findOddsVersions(o.db, watched.map((c) => c.oddsId!));
  const priceOf = (key: string) => o.catalogue.find(key)?.price ?? 0;
  const flags: (typeof caseBandFlags.$inferInsert)[] = [];
  for (const c of watched) {
    const version = odds.get(c.oddsId!);
    if (!version) continue;
    const rtp = summarizeOdds({ ranges: version.ranges, priceOf, casePrice: c.price }).rtp;
    if (bandStanding(rtp, o.band) === 'in') continue;
    const proposal = proposeOdds({ ranges: version.ranges, priceOf, casePrice: c.price, band: o.band });
    const n = o.openings ?? PROPOSAL_SIMULATION_OPENINGS;
    const sim = proposal ? simulateCaseOpenings({ ranges: proposal.ranges, priceOf, casePrice: c.price, n, seed: o.runId * 1_000 + c.id }) : null;
    flags.push({
      caseId: c.id,
      oddsId: version.id,
      runId: o.runId,
      rtp,
      rtpAtVersion: version.rtp / 10_000,
      bandMin: o.band.min,
      bandMax: o.band.max,
      proposal: proposal?.ranges ?? null,
      proposalRtp: proposal?.rtp ?? null,
      simulatedRtp: sim?.observed_rtp ?? null,
      simulatedError: sim?.standard_error ?? null,
      simulatedOpenings: sim ? n : null,
    });
  }
  await o.db.transaction(async (tx) => {
    const kept = flags.map((f) => f.caseId);
    await tx.delete(caseBandFlags).where(kept.length ? notInArray(caseBandFlags.caseId, kept) : sql`true`);
    for (const f of flags) {
      // A case still out on the same version keeps the moment it was first flagged.
      await tx
        .insert(caseBandFlags)
        .values(f)
        .onConflictDoUpdate({
          target: caseBandFlags.caseId,
          set: {
            oddsId: f.oddsId,
            runId: f.runId,
            rtp: f.rtp,
            rtpAtVersion: f.rtpAtVersion,
            bandMin: f.bandMin,
            bandMax: f.bandMax,
            proposal: f.proposal,
            proposalRtp: f.proposalRtp,
            simulatedRtp: f.simulatedRtp,
            simulatedError: f.simulatedError,
            simulatedOpenings: f.simulatedOpenings,
            flaggedAt: sql`case when ${caseBandFlags.oddsId} = ${f.oddsId} then ${caseBandFlags.flaggedAt} else now() end`,
          },
        });
    }
  });
  return flags.length;
}

export async function listCaseBandFlags(db: Executor): Promise<CaseBandFlagRow[]> {
  return db.select().from(caseBandFlags).orderBy(caseBandFlags.caseId);
}

/** The case's flag, locked until the transaction ends (a publish and a run never cross). */
export async function lockCaseBandFlag(tx: Tx, caseId: number): Promise<CaseBandFlagRow | null> {
  const [row] = await tx.select().from(caseBandFlags).where(eq(caseBandFlags.caseId, caseId)).for('update');
  return row ?? null;
}

/** The flag is settled (its proposal published, or the case taken off sale): gone until a run finds the case out again. */
export async function clearCaseBandFlag(tx: Executor, caseId: number, oddsId?: number) {
  await tx.delete(caseBandFlags).where(oddsId === undefined ? eq(caseBandFlags.caseId, caseId) : and(eq(caseBandFlags.caseId, caseId), eq(caseBandFlags.oddsId, oddsId)));
}
