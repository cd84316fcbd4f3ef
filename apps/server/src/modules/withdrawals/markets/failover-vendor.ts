import { VendorUnreachable, type BuyOrder, type BuyResult, type OrderStatus, type SkinVendor, type TradeLinkCheck } from '../vendor.ts';

/** How much a refusal tells the worker, most first: the purchase may wait for money, retry at another price, or find nobody. */
const RANK: Record<string, number> = { balance_short: 3, price_too_high: 2, unavailable: 1 };

/**
 * Several marketplaces in the operator's order (decision 077). A purchase is asked of the first;
 * when it has no seller under the ceiling (or its price moved, or the store's balance there is
 * short) the same purchase, under the same id, is asked of the next. A market that gave no answer
 * we can trust stops the round: the purchase may exist there, and only the status lookup, asked of
 * every market, can tell, so a lost reply never leads to a second purchase elsewhere. An order's id
 * names its market (`waxpeer:123`) for the operators.
 */
export class FailoverVendor implements SkinVendor {
  readonly name: string;

  constructor(private readonly markets: readonly SkinVendor[]) {
    this.name = markets.map((m) => m.name).join(',');
  }

  async buyFor(o: BuyOrder): Promise<BuyResult> {
    let best: BuyResult = { kind: 'unavailable' };
    for (const m of this.markets) {
      const r = await m.buyFor(o);
      if (r.kind === 'placed') return { kind: 'placed', orderId: `${m.name}:${r.orderId}` };
      if (r.kind === 'refused') return r;
      if (RANK[r.kind]! > RANK[best.kind]!) best = r;
    }
    return best;
  }

  async statuses(customIds: readonly string[]): Promise<Map<string, OrderStatus | VendorUnreachable>> {
    const answers = await Promise.all(this.markets.map((m) => m.statuses(customIds).catch((err: unknown) => (err instanceof VendorUnreachable ? err : Promise.reject(err)))));
    const out = new Map<string, OrderStatus | VendorUnreachable>();
    for (const id of customIds) {
      let unreachable: VendorUnreachable | null = null;
      let found: OrderStatus | null = null;
      answers.forEach((answer, i) => {
        const s = answer instanceof VendorUnreachable ? answer : answer.get(id);
        if (s instanceof VendorUnreachable) unreachable ??= s;
        else if (s && s.kind !== 'not_found' && !found) found = { ...s, orderId: `${this.markets[i]!.name}:${s.orderId}` };
      });
      // Unknown everywhere that answered, but one market did not: the order may be there.
      out.set(id, found ?? unreachable ?? { kind: 'not_found' });
    }
    return out;
  }

  /** Each market's balance; a market that did not answer is left out (the console says so). */
  async balances(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const answer of await Promise.allSettled(this.markets.map((m) => m.balances()))) {
      if (answer.status === 'fulfilled') for (const [k, v] of answer.value) out.set(k, v);
    }
    return out;
  }

  /** The first market that checks trade links answers for all: a trade ban is Steam's, not a market's. */
  async checkTradeLink(link: { partner: string; token: string; url: string }): Promise<TradeLinkCheck | null> {
    for (const m of this.markets) {
      const answer = await m.checkTradeLink(link).catch((err: unknown) => (err instanceof VendorUnreachable ? null : Promise.reject(err)));
      if (answer) return answer;
    }
    return null;
  }
}
