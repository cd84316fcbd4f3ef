import { z } from 'zod';
import { STATUS_BATCH, VendorUnreachable, type BuyOrder, type BuyResult, type OrderStatus, type SkinVendor, type TradeLinkCheck } from '../vendor.ts';
import type { MarketMoney } from './market-money.ts';
import { refusalOf } from './refusals.ts';
import { requestJson, withQuery } from './vendor-http.ts';

/**
 * market.csgo.com's API v2 (and market.dota2.net's, the same API at another address), which the
 * sandbox marketplace also speaks. Every call is a GET with `key`:
 * - `buy-for`: a purchase for a third party (`partner`, `token` from their trade link) under our
 *   `custom_id`, at most `price` (the account currency's units: kopecks, or thousandths of a dollar
 *   or euro); answers `{success:true,id}` or `{success:false,error}`;
 * - `get-list-buy-info-by-custom-id` (`custom_id[]`, up to a hundred): each known id's purchase,
 *   `stage` 1 (under way: `trade_id` and `send_until` once the seller sent the offer), 2 (the item
 *   was given) or 5 (timed out, with the `causer`); an unknown id is left out;
 * - `get-money`: the account's balance in whole units.
 * Every reply is parsed by a schema; anything else, a timeout or a dropped connection is
 * `VendorUnreachable`, never a guess.
 */
const buyReply = z.union([
  z.object({ success: z.literal(true), id: z.coerce.string() }),
  z.object({ success: z.literal(false), error: z.string(), id: z.coerce.string().optional() }),
]);
const stage = z.union([z.literal(1), z.literal(2), z.literal(5), z.enum(['1', '2', '5']).transform(Number)]);
const purchase = z.object({
  id: z.coerce.string().optional(),
  item_id: z.coerce.string().optional(),
  stage,
  trade_id: z.coerce.string().nullable().optional(),
  send_until: z.coerce.number().nullable().optional(),
  causer: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
});
const listReply = z.union([
  z.object({ success: z.literal(true), data: z.union([z.record(z.string(), z.union([purchase, z.object({ error: z.string() })])), z.array(z.never()).transform((): Record<string, never> => ({}))]) }),
  z.object({ success: z.literal(false), error: z.string() }),
]);
const moneyReply = z.object({ success: z.literal(true).optional(), money: z.coerce.number(), currency: z.string() });

export class MarketCsgoClient implements SkinVendor {
  constructor(
    private readonly opts: {
      name: string;
      baseUrl: () => string;
      key: () => Promise<string> | string;
      money: MarketMoney;
      timeoutMs?: number;
    },
  ) {}

  get name(): string {
    return this.opts.name;
  }

  private async get(path: string, params: Record<string, string | readonly string[]>): Promise<unknown> {
    const url = withQuery(`${this.opts.baseUrl()}${path}`, { key: await this.opts.key(), ...params });
    return requestJson(url, { timeoutMs: this.opts.timeoutMs ?? 10_000 });
  }

  async buyFor(o: BuyOrder): Promise<BuyResult> {
    const parsed = buyReply.safeParse(
      await this.get('/api/v2/buy-for', { hash_name: o.hashName, price: String(this.opts.money.ceiling(o.maxPrice)), partner: o.partner, token: o.token, custom_id: o.customId }),
    );
    if (!parsed.success) throw new VendorUnreachable('marketplace answered in an unknown shape');
    const r = parsed.data;
    if (r.success) return { kind: 'placed', orderId: r.id };
    const refusal = refusalOf(r.error);
    // Our id is already a purchase there: this is the purchase we asked for before.
    if (refusal === 'duplicate') {
      if (r.id) return { kind: 'placed', orderId: r.id };
      throw new VendorUnreachable('marketplace has our id already; its status will say where it stands');
    }
    if (refusal) return refusal;
    throw new VendorUnreachable(`marketplace refused: ${r.error}`);
  }

  async statuses(customIds: readonly string[]): Promise<Map<string, OrderStatus | VendorUnreachable>> {
    const out = new Map<string, OrderStatus | VendorUnreachable>();
    for (let i = 0; i < customIds.length; i += STATUS_BATCH) {
      const chunk = customIds.slice(i, i + STATUS_BATCH);
      const parsed = listReply.safeParse(await this.get('/api/v2/get-list-buy-info-by-custom-id', { 'custom_id[]': chunk }));
      if (!parsed.success) throw new VendorUnreachable('marketplace answered in an unknown shape');
      const r = parsed.data;
      if (!r.success) throw new VendorUnreachable(`marketplace refused: ${r.error}`);
      for (const id of chunk) {
        const d = r.data[id];
        out.set(id, d === undefined ? { kind: 'not_found' } : 'error' in d ? new VendorUnreachable(`marketplace could not report: ${d.error}`) : statusOf(d));
      }
    }
    return out;
  }

  async balances(): Promise<Map<string, number>> {
    const parsed = moneyReply.safeParse(await this.get('/api/v2/get-money', {}));
    if (!parsed.success) throw new VendorUnreachable('marketplace answered its balance in an unknown shape');
    // Whole units to the account's minor ones (kopecks, or thousandths), then to the store's.
    const minor = Math.round(parsed.data.money * (parsed.data.currency === 'RUB' ? 100 : 1000));
    return new Map([[this.name, this.opts.money.toStore(minor)]]);
  }

  /** The market offers no check of a trade link before a purchase: its refusal of `buy-for` says it. */
  async checkTradeLink(): Promise<TradeLinkCheck | null> {
    return null;
  }
}

function statusOf(d: z.infer<typeof purchase>): OrderStatus {
  const orderId = d.id ?? d.item_id ?? '';
  if (d.stage === 2) return { kind: 'accepted', orderId, tradeId: d.trade_id ?? '' };
  if (d.stage === 5) return { kind: 'failed', orderId, reason: d.reason ?? (d.causer ? `timed_out_${d.causer}` : 'timed_out') };
  if (d.trade_id && d.send_until) return { kind: 'offer_sent', orderId, tradeId: d.trade_id, sendUntil: new Date(d.send_until * 1000) };
  return { kind: 'waiting_seller', orderId };
}
