import { CASE_RTP_GUARD, describeOddsProblem, oddsTableProblems, sortRanges, type TicketRange } from '@store/shared/odds';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';

/** The console's two refusals of an odds table or a price (decision 029). */

/** The table in ticket order, or the refusal naming every problem (the editor marks the rows). */
export function checkedRanges(catalogue: Catalogue, ranges: readonly TicketRange[]): TicketRange[] {
  const problems = oddsTableProblems(ranges, (key) => catalogue.find(key) !== undefined);
  if (problems.length) throw new AppError('odds_invalid', { problems, detail: describeOddsProblem(problems[0]!) });
  return sortRanges(ranges);
}

/** The refusal of a return to player outside the guard range, in percent for the message. */
export const rtpRefusal = (rtp: number) =>
  new AppError('rtp_needs_confirmation', { rtp: pct(rtp), min: pct(CASE_RTP_GUARD.min), max: pct(CASE_RTP_GUARD.max), rtp_fraction: rtp });
const pct = (x: number) => Math.round(x * 10_000) / 100;
