import { z } from 'zod';
import { VendorUnreachable, type BuyOrder, type BuyResult, type OrderStatus, type SkinVendor } from './vendor.ts';

/**
 * The marketplace adapter: its v2 HTTP API with an API key, `buy-for` (a purchase for a third
 * party under our `custom_id`, at most `price`) and `get-buy-info-by-custom-id`. Every reply is
 * parsed by a schema; anything else, a timeout or a dropped connection is `VendorUnreachable`,
 * never a guess.
 */
const buyReply = z.union([
  z.object({ success: z.literal(true), id: z.string() }),
  z.object({ success: z.literal(false), error: z.string(), id: z.string().optional() }),
]);
const infoReply = z.union([
  z.object({
    success: z.literal(true),
    data: z.object({
      id: z.string(),
      stage: z.enum(['1', '2', '5']),
      trade_id: z.string().nullable().optional(),
      send_until: z.number().nullable().optional(),
      reason: z.string().nullable().optional(),
    }),
  }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

export class MarketClient implements SkinVendor {
  constructor(private readonly opts: { baseUrl: () => string; key: () => Promise<string> | string; timeoutMs?: number }) {}

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.opts.baseUrl()}${path}`);
    for (const [k, v] of Object.entries({ key: await this.opts.key(), ...params })) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new VendorUnreachable(`marketplace unreachable: ${(err as Error).message}`);
    }
    if (res.status >= 500) throw new VendorUnreachable(`marketplace answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new VendorUnreachable('marketplace answered something that is not JSON');
    }
  }

  async buyFor(o: BuyOrder): Promise<BuyResult> {
    const parsed = buyReply.safeParse(
      await this.get('/api/v2/buy-for', { hash_name: o.hashName, price: String(o.maxPrice), partner: o.partner, token: o.token, custom_id: o.customId }),
    );
    if (!parsed.success) throw new VendorUnreachable('marketplace answered in an unknown shape');
    const r = parsed.data;
    if (r.success) return { kind: 'placed', orderId: r.id };
    // Our id is already a purchase there: this is the purchase we asked for before.
    if (r.error === 'custom_id_used' && r.id) return { kind: 'placed', orderId: r.id };
    if (r.error === 'no_offers') return { kind: 'unavailable' };
    if (r.error === 'price_too_high') return { kind: 'price_too_high' };
    throw new VendorUnreachable(`marketplace refused: ${r.error}`);
  }

  async status(customId: string): Promise<OrderStatus> {
    const parsed = infoReply.safeParse(await this.get('/api/v2/get-buy-info-by-custom-id', { custom_id: customId }));
    if (!parsed.success) throw new VendorUnreachable('marketplace answered in an unknown shape');
    const r = parsed.data;
    if (!r.success) {
      if (r.error === 'not_found') return { kind: 'not_found' };
      throw new VendorUnreachable(`marketplace refused: ${r.error}`);
    }
    const d = r.data;
    if (d.stage === '2') return { kind: 'accepted', orderId: d.id, tradeId: d.trade_id ?? '' };
    if (d.stage === '5') return { kind: 'failed', orderId: d.id, reason: d.reason ?? 'failed' };
    if (d.trade_id && d.send_until) return { kind: 'offer_sent', orderId: d.id, tradeId: d.trade_id, sendUntil: new Date(d.send_until * 1000) };
    return { kind: 'waiting_seller', orderId: d.id };
  }
}
