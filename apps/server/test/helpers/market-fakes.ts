import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local marketplaces for the tests, each speaking its provider's documented wire protocol and
 * written apart from the adapters (decision 077), so a mistake in one is not repeated in the other:
 * - `MarketCsgoFake`: market.csgo.com's API v2 (`buy-for`, `get-list-buy-info-by-custom-id`,
 *   `get-money`), its answers and its error phrases;
 * - `WaxpeerFake`: Waxpeer's API v1 (`buy-one-p2p-name`, `check-many-project-id`, `user`,
 *   `check-tradelink`), prices in thousandths of a dollar.
 * Both sell from a `FakeShelf`: listings by market hash name (the cheapest seller's price in the
 * store's kopecks, and whether that seller ever sends), the store's balance there, and the orders,
 * whose stage follows from their age. A test changes the shelf to make nobody sell, a price move
 * above the ceiling, a seller who never sends, the balance too low, a lost reply or a trade ban.
 */
export interface Listing {
  /** The cheapest offer, the store's kopecks. */
  price: number;
  seller: 'sends' | 'never';
}

export interface FakeOrder {
  id: string;
  customId: string;
  hashName: string;
  /** Kopecks paid. */
  paid: number;
  partner: string;
  token: string;
  at: number;
  seller: Listing['seller'];
}

export interface ShelfTimes {
  /** After this the seller has sent the offer (trade id and deadline known). */
  sendsAfterMs: number;
  /** After this the player has accepted it. */
  acceptedAfterMs: number;
  /** A seller who never sends is cancelled after this, and the money goes back. */
  sellerTimeoutMs: number;
}

export type FakeStage = { stage: 'waiting' } | { stage: 'sent'; tradeId: string; sendUntil: number } | { stage: 'done'; tradeId: string } | { stage: 'cancelled'; reason: string };

export class FakeShelf {
  readonly listings = new Map<string, Listing>();
  readonly orders = new Map<string, FakeOrder>();
  /** Purchase requests under each custom id that made an order: a second one is the bug the tests look for. */
  readonly purchases = new Map<string, number>();
  /** Kopecks. */
  balance = 10_000_000;
  /** The next purchase is carried out and its reply dropped. */
  loseNextReply = false;
  /** Status calls answer 502 while set. */
  statusDown = false;
  /** Trade links (by partner) that Steam banned. */
  readonly banned = new Set<string>();
  /** Answers wait this long (ms). */
  delayMs = 0;
  private seq = 0;

  constructor(readonly times: ShelfTimes = { sendsAfterMs: 30, acceptedAfterMs: 80, sellerTimeoutMs: 200 }) {}

  list(hashName: string, price: number, seller: Listing['seller'] = 'sends'): this {
    this.listings.set(hashName, { price, seller });
    return this;
  }

  /** Buys the cheapest listing for a trade link, or says why not (in the shelf's own words; each fake says them its way). */
  buy(o: { hashName: string; ceiling: number; partner: string; token: string; customId: string }): { order: FakeOrder } | { refused: 'duplicate' | 'no_offers' | 'price' | 'money' | 'trade_ban'; order?: FakeOrder } {
    const had = this.orders.get(o.customId);
    if (had) return { refused: 'duplicate', order: had };
    if (this.banned.has(o.partner)) return { refused: 'trade_ban' };
    const listing = this.listings.get(o.hashName);
    if (!listing) return { refused: 'no_offers' };
    if (listing.price > o.ceiling) return { refused: 'price' };
    if (listing.price > this.balance) return { refused: 'money' };
    this.balance -= listing.price;
    const order: FakeOrder = { id: String(9_000_000 + ++this.seq), customId: o.customId, hashName: o.hashName, paid: listing.price, partner: o.partner, token: o.token, at: Date.now(), seller: listing.seller };
    this.orders.set(o.customId, order);
    this.purchases.set(o.customId, (this.purchases.get(o.customId) ?? 0) + 1);
    return { order };
  }

  stageOf(o: FakeOrder): FakeStage {
    const age = Date.now() - o.at;
    if (o.seller === 'never') {
      if (age < this.times.sellerTimeoutMs) return { stage: 'waiting' };
      this.refund(o);
      return { stage: 'cancelled', reason: 'seller did not send the offer' };
    }
    if (age < this.times.sendsAfterMs) return { stage: 'waiting' };
    const tradeId = `7${o.id}`;
    if (age < this.times.acceptedAfterMs) return { stage: 'sent', tradeId, sendUntil: Math.floor((o.at + 15 * 60_000) / 1000) };
    return { stage: 'done', tradeId };
  }

  private refunded = new Set<string>();
  private refund(o: FakeOrder) {
    if (this.refunded.has(o.customId)) return;
    this.refunded.add(o.customId);
    this.balance += o.paid;
  }

  /** Orders actually made, over all custom ids. */
  get orderCount(): number {
    return this.orders.size;
  }
}

type Handler = (url: URL, req: IncomingMessage, body: unknown) => Promise<{ status?: number; json?: unknown; drop?: boolean }>;

/** A tiny HTTP server: JSON in, JSON out, and the shelf's delay and dropped replies. */
class FakeServer {
  private server: Server | null = null;
  url = '';
  /** Sees each request's address as it arrives (a test's way to read what the adapter sent). */
  onRequest: ((url: URL) => void) | undefined;

  constructor(
    readonly shelf: FakeShelf,
    private readonly handle: Handler,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private async serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: unknown = undefined;
    if (chunks.length) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
    }
    const url = new URL(req.url ?? '/', this.url);
    this.onRequest?.(url);
    if (this.shelf.delayMs) await new Promise((r) => setTimeout(r, this.shelf.delayMs));
    const answer = await this.handle(url, req, body);
    if (answer.drop) {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.json));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** market.csgo.com API v2 as its documentation describes it; prices in kopecks (a RUB account). */
export class MarketCsgoFake extends FakeServer {
  constructor(
    shelf: FakeShelf,
    readonly key: string,
  ) {
    super(shelf, async (url) => {
      const q = url.searchParams;
      if (!url.pathname.startsWith('/api/v2/')) return { status: 404, json: { success: false, error: 'not found' } };
      if (q.get('key') !== key) return { json: { success: false, error: 'Bad KEY' } };
      switch (url.pathname.slice('/api/v2/'.length)) {
        case 'buy-for': {
          const [hash, price, partner, token, customId] = ['hash_name', 'price', 'partner', 'token', 'custom_id'].map((k) => q.get(k));
          if (!hash || !price || !/^\d+$/.test(price) || !partner || !token || !customId) return { json: { success: false, error: 'bad_input' } };
          const r = shelf.buy({ hashName: hash, ceiling: Number(price), partner, token, customId });
          if ('order' in r && !('refused' in r)) {
            if (shelf.loseNextReply) {
              shelf.loseNextReply = false;
              return { drop: true };
            }
            return { json: { success: true, id: r.order.id } };
          }
          const words = { duplicate: 'This custom_id is already used', no_offers: 'There are no offers for this item', price: 'Item not found at this price', money: 'Not enough money on the balance', trade_ban: 'The buyer has a trade ban' }[r.refused];
          return { json: { success: false, error: words, ...(r.refused === 'duplicate' ? { id: r.order!.id } : {}) } };
        }
        case 'get-list-buy-info-by-custom-id': {
          if (shelf.statusDown) return { status: 502, json: { success: false, error: 'bad gateway' } };
          const ids = q.getAll('custom_id[]');
          if (!ids.length || ids.length > 100) return { json: { success: false, error: 'bad_input' } };
          const data: Record<string, unknown> = {};
          for (const id of ids) {
            const o = shelf.orders.get(id);
            if (!o) continue;
            const s = shelf.stageOf(o);
            data[id] = {
              item_id: o.id,
              market_hash_name: o.hashName,
              currency: 'RUB',
              paid: o.paid,
              for: o.partner,
              time: String(Math.floor(o.at / 1000)),
              stage: s.stage === 'done' ? '2' : s.stage === 'cancelled' ? '5' : '1',
              trade_id: s.stage === 'sent' || s.stage === 'done' ? s.tradeId : null,
              send_until: s.stage === 'sent' ? s.sendUntil : null,
              causer: s.stage === 'cancelled' ? 'seller' : null,
            };
          }
          return { json: { success: true, data } };
        }
        case 'get-money':
          return { json: { money: shelf.balance / 100, currency: 'RUB', success: true } };
        default:
          return { status: 404, json: { success: false, error: 'unknown method' } };
      }
    });
  }
}

/** Waxpeer API v1 as its documentation describes it; a dollar is 1000 of its units and `rubPerUsd` roubles. */
export class WaxpeerFake extends FakeServer {
  constructor(
    shelf: FakeShelf,
    readonly key: string,
    readonly rubPerUsd: number,
  ) {
    // kopecks ↔ thousandths of a dollar.
    const toMils = (kopecks: number) => Math.round(((kopecks / 100) * 1000) / rubPerUsd);
    const toKopecks = (mils: number) => Math.round(((mils / 1000) * rubPerUsd) * 100);
    super(shelf, async (url, req, body) => {
      const q = url.searchParams;
      if (!url.pathname.startsWith('/v1/')) return { status: 404, json: { success: false, msg: 'not found' } };
      if (q.get('api') !== key) return { status: 401, json: { success: false, msg: 'wrong api key' } };
      switch (`${req.method} ${url.pathname.slice('/v1/'.length)}`) {
        case 'GET buy-one-p2p-name': {
          const [name, price, partner, token, projectId, game] = ['name', 'price', 'partner', 'token', 'project_id', 'game'].map((k) => q.get(k));
          if (!name || !price || !/^\d+$/.test(price) || !partner || !token || !game) return { json: { success: false, msg: 'Wrong input' } };
          const r = shelf.buy({ hashName: name, ceiling: toKopecks(Number(price)), partner, token, customId: projectId ?? `wax-${Date.now()}` });
          if ('order' in r && !('refused' in r)) {
            if (shelf.loseNextReply) {
              shelf.loseNextReply = false;
              return { drop: true };
            }
            return { json: { success: true, id: Number(r.order.id), msg: game === 'dota2' ? 'buy_dota2' : 'buy_csgo' } };
          }
          const words = { duplicate: 'project_id already exists', no_offers: 'No items found', price: 'No items found under this price', money: 'Not enough balance', trade_ban: 'You cannot trade with this user because they have a trade ban' }[r.refused];
          return { json: { success: false, msg: words } };
        }
        case 'GET check-many-project-id': {
          if (shelf.statusDown) return { status: 502, json: { success: false, msg: 'Please try again' } };
          const trades = q
            .getAll('id')
            .map((id) => shelf.orders.get(id))
            .filter((o): o is FakeOrder => o !== undefined)
            .map((o) => {
              const s = shelf.stageOf(o);
              return {
                id: Number(o.id),
                price: toMils(o.paid),
                name: o.hashName,
                status: s.stage === 'waiting' ? 1 : s.stage === 'sent' ? 4 : s.stage === 'done' ? 5 : 6,
                project_id: o.customId,
                trade_id: s.stage === 'sent' || s.stage === 'done' ? s.tradeId : null,
                done: s.stage === 'done' || s.stage === 'cancelled',
                reason: s.stage === 'cancelled' ? s.reason : null,
                send_until: s.stage === 'sent' ? s.sendUntil : null,
                last_updated: Math.floor(Date.now() / 1000),
              };
            });
          return { json: { success: true, msg: null, trades } };
        }
        case 'GET user':
          return { json: { success: true, user: { wallet: toMils(shelf.balance), id: 'store', userid: 1, can_p2p: true, sell_status: false } } };
        case 'POST check-tradelink': {
          const link = (body as { tradelink?: unknown } | null)?.tradelink;
          const partner = typeof link === 'string' ? new URL(link).searchParams.get('partner') : null;
          if (!partner) return { json: { success: false, msg: 'Wrong input' } };
          if (shelf.banned.has(partner)) {
            return { json: { success: false, link, info: 'You cannot trade with this user because they have a trade ban.', msg: "We couldn't validate your trade link, either your inventory is private or you can't trade" } };
          }
          return { json: { success: true, link, token: new URL(link as string).searchParams.get('token'), steamid32: Number(partner) } };
        }
        default:
          return { status: 404, json: { success: false, msg: 'unknown method' } };
      }
    });
  }
}
