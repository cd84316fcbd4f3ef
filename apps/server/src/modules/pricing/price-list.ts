import { z } from 'zod';
import { marketPriceToMinor } from '@store/shared/pricing';

/**
 * The price list port (decision 078): the market's public list of prices by market hash name.
 * The real reader is market.csgo.com's (or market.dota2.net's) `GET {base}/api/v2/prices/RUB.json`,
 * no key; the sandbox serves the same shape from the store itself (`sandbox/price-list-routes.ts`).
 * A list that is not `success: true`, or that does not parse, is `PriceListUnavailable`: the run
 * fails whole and changes nothing.
 */

/** One list: its own time and each market hash name's price in minor units (RUB kopecks). */
export interface PriceList {
  time: Date;
  currency: string;
  /** Entries as listed, a name that appears twice counted twice. */
  entries: number;
  prices: Map<string, number>;
}

export interface PriceSource {
  readonly name: string;
  load(): Promise<PriceList>;
}

export class PriceListUnavailable extends Error {
  override name = 'PriceListUnavailable';
}

export const PRICE_LIST_CURRENCY = 'RUB';

const entry = z.object({
  market_hash_name: z.string().min(1).max(300),
  // Strings on the wire; a number is taken as its decimal text.
  price: z.union([z.string(), z.number().nonnegative().transform(String)]),
  volume: z.union([z.string(), z.number()]).optional(),
});
export const priceListReply = z.object({
  success: z.literal(true),
  time: z.number().int().positive(),
  currency: z.string().min(3).max(3),
  items: z.array(entry),
});

/**
 * The parsed list, or why it is refused. A name listed twice keeps its lowest price (what a buyer
 * pays); a price of 0 means nobody sells it and counts as absent; a price that is no decimal
 * refuses the whole list.
 */
export function readPriceList(body: unknown, currency = PRICE_LIST_CURRENCY): PriceList {
  const parsed = priceListReply.safeParse(body);
  if (!parsed.success) {
    const failed = body && typeof body === 'object' && 'success' in body && (body as { success: unknown }).success !== true;
    throw new PriceListUnavailable(failed ? 'the market answered success: false' : `the list does not parse: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  }
  if (parsed.data.currency !== currency) throw new PriceListUnavailable(`the list is in ${parsed.data.currency}, not ${currency}`);
  const prices = new Map<string, number>();
  for (const item of parsed.data.items) {
    const minor = marketPriceToMinor(item.price);
    if (minor === null) throw new PriceListUnavailable(`the price of ${item.market_hash_name} is not a decimal: ${item.price}`);
    if (minor === 0) continue;
    const held = prices.get(item.market_hash_name);
    if (held === undefined || minor < held) prices.set(item.market_hash_name, minor);
  }
  return { time: new Date(parsed.data.time * 1000), currency: parsed.data.currency, entries: parsed.data.items.length, prices };
}

/** market.csgo.com's public price list (market.dota2.net's for Dota 2), read over HTTP. */
export class MarketPriceList implements PriceSource {
  constructor(
    private readonly opts: {
      name: string;
      /** The API's address. */
      baseUrl: () => string;
      timeoutMs?: number;
    },
  ) {}

  get name() {
    return this.opts.name;
  }

  async load(): Promise<PriceList> {
    const url = `${this.opts.baseUrl().replace(/\/+$/, '')}/api/v2/prices/${PRICE_LIST_CURRENCY}.json`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000), headers: { accept: 'application/json' } });
    } catch (err) {
      throw new PriceListUnavailable(`the price list is unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new PriceListUnavailable(`the price list answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new PriceListUnavailable('the price list is not JSON');
    }
    return readPriceList(body);
  }
}

/**
 * The sandbox market's list, asked of the store's own route in process (`inject`: the route, its
 * hooks and the JSON on the wire, without a socket), so it answers before the store listens and in
 * tests that never do.
 */
export class SandboxPriceList implements PriceSource {
  readonly name = 'sandbox';
  constructor(private readonly ask: () => Promise<{ statusCode: number; body: string }>) {}

  async load(): Promise<PriceList> {
    const res = await this.ask();
    if (res.statusCode !== 200) throw new PriceListUnavailable(`the sandbox list answered ${res.statusCode}`);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new PriceListUnavailable('the sandbox list is not JSON');
    }
    return readPriceList(body);
  }
}

