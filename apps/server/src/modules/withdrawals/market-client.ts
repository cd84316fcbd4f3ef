import http from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import { STATUS_BATCH, VendorUnreachable, type BuyOrder, type BuyResult, type OrderStatus, type SkinVendor } from './vendor.ts';

/**
 * The marketplace adapter: its v2 HTTP API with an API key, `buy-for` (a purchase for a third
 * party under our `custom_id`, at most `price`) and `get-list-buy-info-by-custom-id` (the statuses
 * of up to a hundred of our ids in one call). Every reply is
 * parsed by a schema; anything else, a timeout or a dropped connection is `VendorUnreachable`,
 * never a guess.
 */
const buyReply = z.union([
  z.object({ success: z.literal(true), id: z.string() }),
  z.object({ success: z.literal(false), error: z.string(), id: z.string().optional() }),
]);
const orderInfo = z.object({
  id: z.string(),
  stage: z.enum(['1', '2', '5']),
  trade_id: z.string().nullable().optional(),
  send_until: z.number().nullable().optional(),
  reason: z.string().nullable().optional(),
});
/** The list call: each asked id with its order, or with the error the marketplace had for it; an id it does not know is left out. */
const listReply = z.union([
  z.object({ success: z.literal(true), data: z.record(z.string(), z.union([orderInfo, z.object({ error: z.string() })])) }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

function statusOf(d: z.infer<typeof orderInfo>): OrderStatus {
  if (d.stage === '2') return { kind: 'accepted', orderId: d.id, tradeId: d.trade_id ?? '' };
  if (d.stage === '5') return { kind: 'failed', orderId: d.id, reason: d.reason ?? 'failed' };
  if (d.trade_id && d.send_until) return { kind: 'offer_sent', orderId: d.id, tradeId: d.trade_id, sendUntil: new Date(d.send_until * 1000) };
  return { kind: 'waiting_seller', orderId: d.id };
}

// Kept-alive sockets over node:http(s): a thousand withdrawals under way are a few requests a
// second each, and fetch spends several times the CPU per request.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }) };

/** A GET's status and text; a dropped connection or no answer within `timeoutMs` is `VendorUnreachable`. */
function getText(url: URL, timeoutMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.get(url, { agent: agents[url.protocol as 'http:' | 'https:'], timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => reject(new VendorUnreachable(`marketplace unreachable: ${err.message}`)));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', (err) => reject(new VendorUnreachable(`marketplace unreachable: ${err.message}`)));
  });
}

export class MarketClient implements SkinVendor {
  constructor(private readonly opts: { baseUrl: () => string; key: () => Promise<string> | string; timeoutMs?: number }) {}

  private async get(path: string, params: Record<string, string | readonly string[]>): Promise<unknown> {
    const url = new URL(`${this.opts.baseUrl()}${path}`);
    for (const [k, v] of Object.entries({ key: await this.opts.key(), ...params })) {
      if (Array.isArray(v)) for (const one of v as readonly string[]) url.searchParams.append(k, one);
      else url.searchParams.set(k, v as string);
    }
    const { status, body } = await getText(url, this.opts.timeoutMs ?? 10_000);
    if (status >= 500) throw new VendorUnreachable(`marketplace answered ${status}`);
    try {
      return JSON.parse(body);
    } catch {
      throw new VendorUnreachable('marketplace answered something that is not JSON');
    }  }

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
}
