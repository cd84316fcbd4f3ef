import { tradeLinkParts } from '@store/shared/withdrawals';
import { VendorUnreachable, type SkinVendor, type TradeLinkCheck } from './vendor.ts';

/** A link's answer is kept this long: a trade ban lasts, and a player who fixes the link saves a new one. */
const KEEP_MS = 10 * 60_000;
/** Links remembered at most; the oldest answer goes first. */
const MAX_LINKS = 10_000;

/**
 * The markets' check of a player's trade link before a withdrawal is taken (decision 077), so a
 * trade ban or an expired link is said at once instead of after a purchase. Answers are cached per
 * link; a market that offers no check, or does not answer, lets the withdrawal go on: the
 * purchase's own refusal still catches the link.
 */
export class TradeLinkChecks {
  private readonly answers = new Map<string, { answer: TradeLinkCheck | null; until: number }>();

  constructor(
    private readonly vendor: SkinVendor,
    private readonly now: () => number,
  ) {}

  async check(url: string): Promise<TradeLinkCheck | null> {
    const kept = this.answers.get(url);
    if (kept && kept.until > this.now()) return kept.answer;
    const parts = tradeLinkParts(url);
    if (!parts) return null;
    let answer: TradeLinkCheck | null;
    try {
      answer = await this.vendor.checkTradeLink({ ...parts, url });
    } catch (err) {
      if (err instanceof VendorUnreachable) return null;
      throw err;
    }
    this.answers.delete(url);
    this.answers.set(url, { answer, until: this.now() + KEEP_MS });
    if (this.answers.size > MAX_LINKS) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }
}
