import { z } from 'zod';
import { STATUS_BATCH, VendorUnreachable, type BuyOrder, type BuyResult, type OrderStatus, type SkinVendor, type TradeLinkCheck } from '../vendor.ts';
import type { MarketMoney } from './market-money.ts';
import { refusalOf } from './refusals.ts';
import { requestJson, withQuery } from './vendor-http.ts';

/**
 * Waxpeer's API v1 (`api` is the key; prices in thousandths of a US dollar):
 * - `GET buy-one-p2p-name` (`name`, `price` ceiling, `partner`, `token`, `project_id` our id,
 *   `game`): the cheapest listing under the ceiling, bought for the trade link; `{success, id, msg}`;
 * - `GET check-many-project-id` (`id` repeated): the trades of our ids, each with `status`
 *   (0-4 under way, 5 done, 6 cancelled with a `reason`), `trade_id` and `send_until` once the
 *   seller sent the offer; an id it does not know is left out;
 * - `GET user`: the account, whose `wallet` is the balance;
 * - `POST check-tradelink` (`{tradelink}`): whether a purchase can be sent there, with the reason.
 */
const buyReply = z.object({ success: z.boolean(), id: z.coerce.string().nullable().optional(), msg: z.string().nullable().optional() });
const when = z.union([z.number(), z.string()]).nullable().optional();
const trade = z.object({
  id: z.coerce.string(),
  project_id: z.string().nullable().optional(),
  status: z.coerce.number().int(),
  trade_id: z.coerce.string().nullable().optional(),
  done: z.boolean().optional(),
  reason: z.string().nullable().optional(),
  send_until: when,
});
const statusReply = z.object({ success: z.boolean(), msg: z.string().nullable().optional(), trades: z.array(trade).optional() });
const userReply = z.object({ success: z.literal(true), user: z.object({ wallet: z.coerce.number() }) });
const linkReply = z.object({ success: z.boolean(), msg: z.string().nullable().optional(), info: z.string().nullable().optional() });

/** Waxpeer's `send_until`: unix seconds or an ISO date. */
const dateOf = (v: number | string): Date => (typeof v === 'number' ? new Date(v * 1000) : new Date(v));

export class WaxpeerClient implements SkinVendor {
  readonly name = 'waxpeer';

  constructor(private readonly opts: { baseUrl: string; key: string; game: 'csgo' | 'dota2'; money: MarketMoney; timeoutMs?: number }) {}

  private call(path: string, params: Record<string, string | readonly string[]>, body?: unknown): Promise<unknown> {
    const url = withQuery(`${this.opts.baseUrl.replace(/\/+$/, '')}/v1/${path}`, { api: this.opts.key, ...params });
    return requestJson(url, { timeoutMs: this.opts.timeoutMs ?? 10_000, method: body === undefined ? 'GET' : 'POST', body });
  }

  async buyFor(o: BuyOrder): Promise<BuyResult> {
    const parsed = buyReply.safeParse(
      await this.call('buy-one-p2p-name', { name: o.hashName, price: String(this.opts.money.ceiling(o.maxPrice)), partner: o.partner, token: o.token, project_id: o.customId, game: this.opts.game }),
    );
    if (!parsed.success) throw new VendorUnreachable('Waxpeer answered in an unknown shape');
    const r = parsed.data;
    if (r.success && r.id) return { kind: 'placed', orderId: r.id };
    const refusal = refusalOf(r.msg ?? '');
    if (refusal && refusal !== 'duplicate') return refusal;
    // "System busy", a duplicate id or words we do not know: the status lookup settles it.
    throw new VendorUnreachable(`Waxpeer refused: ${r.msg ?? 'no message'}`);
  }

  async statuses(customIds: readonly string[]): Promise<Map<string, OrderStatus | VendorUnreachable>> {
    const out = new Map<string, OrderStatus | VendorUnreachable>();
    for (let i = 0; i < customIds.length; i += STATUS_BATCH) {
      const chunk = customIds.slice(i, i + STATUS_BATCH);
      const parsed = statusReply.safeParse(await this.call('check-many-project-id', { id: chunk }));
      if (!parsed.success) throw new VendorUnreachable('Waxpeer answered in an unknown shape');
      // Its documentation: success must be true, else the message says why and the call is repeated.
      if (!parsed.data.success) throw new VendorUnreachable(`Waxpeer could not report: ${parsed.data.msg ?? 'no message'}`);
      const byId = new Map((parsed.data.trades ?? []).map((t) => [t.project_id ?? '', t]));
      for (const id of chunk) {
        const t = byId.get(id);
        out.set(id, t ? statusOf(t) : { kind: 'not_found' });
      }
    }
    return out;
  }

  async balances(): Promise<Map<string, number>> {
    const parsed = userReply.safeParse(await this.call('user', {}));
    if (!parsed.success) throw new VendorUnreachable('Waxpeer answered its account in an unknown shape');
    return new Map([[this.name, this.opts.money.toStore(parsed.data.user.wallet)]]);
  }

  async checkTradeLink(link: { url: string }): Promise<TradeLinkCheck | null> {
    const parsed = linkReply.safeParse(await this.call('check-tradelink', {}, { tradelink: link.url }));
    if (!parsed.success) throw new VendorUnreachable('Waxpeer answered the trade link check in an unknown shape');
    if (parsed.data.success) return 'ok';
    return /trade.?ban/i.test(`${parsed.data.info ?? ''} ${parsed.data.msg ?? ''}`) ? 'trade_ban' : 'link_expired';
  }
}

function statusOf(t: z.infer<typeof trade>): OrderStatus {
  if (t.status === 5) return { kind: 'accepted', orderId: t.id, tradeId: t.trade_id ?? '' };
  if (t.status === 6) return { kind: 'failed', orderId: t.id, reason: t.reason ?? 'cancelled' };
  if (t.trade_id && t.send_until != null) return { kind: 'offer_sent', orderId: t.id, tradeId: t.trade_id, sendUntil: dateOf(t.send_until) };
  return { kind: 'waiting_seller', orderId: t.id };
}
