import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local copy of the market's public price list for the tests, speaking the wire shape of
 * market.csgo.com's `GET /api/v2/prices/{CURRENCY}.json` and written apart from the reader:
 * `{"success":true,"time":<unix>,"currency":"RUB","items":[{"market_hash_name","volume","price"}]}`,
 * prices as decimal strings in whole roubles. The test sets the list (`prices`, kopecks by market
 * hash name) and how the next answers go wrong: `success: false`, a malformed entry, a 500, HTML.
 */
export type PriceListTrouble = 'none' | 'failure' | 'malformed' | 'server_error' | 'not_json';

export class PriceListFake {
  private server!: Server;
  url = '';
  /** Kopecks by market hash name, in the order listed. */
  prices = new Map<string, number>();
  trouble: PriceListTrouble = 'none';
  requests: string[] = [];
  time = 1_700_000_000;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.requests.push(req.url ?? '');
      const send = (status: number, body: string, type = 'application/json') => res.writeHead(status, { 'content-type': type }).end(body);
      if (req.method !== 'GET' || !/^\/api\/v2\/prices\/[A-Z]{3}\.json$/.test(req.url ?? '')) return send(404, JSON.stringify({ success: false, error: 'not found' }));
      const currency = req.url!.slice(-8, -5);
      if (this.trouble === 'server_error') return send(502, '<html>Bad gateway</html>', 'text/html');
      if (this.trouble === 'not_json') return send(200, '<html>maintenance</html>', 'text/html');
      if (this.trouble === 'failure') return send(200, JSON.stringify({ success: false, error: 'temporarily unavailable' }));
      const items = [...this.prices].map(([name, kopecks]) => ({ market_hash_name: name, volume: String(1 + (kopecks % 97)), price: (kopecks / 100).toFixed(2) }));
      // One entry halfway down the list that is not a price: the whole list is unusable.
      if (this.trouble === 'malformed') items.splice(Math.floor(items.length / 2), 0, { market_hash_name: 'Broken | Entry', volume: '1', price: '12,50' });
      send(200, JSON.stringify({ success: true, time: this.time, currency, items }));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * The market's full list as the tests' fixture: every catalogue skin at the given price, then
 * `others` names the store does not carry (the real list has tens of thousands), in a seeded
 * shuffled order so the catalogue's entries are spread through the list.
 */
export function marketFixture(skins: readonly { marketName: string; price: number }[], others: number, seed = 1): Map<string, number> {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const entries: [string, number][] = skins.map((s) => [s.marketName, s.price]);
  for (let i = 0; i < others; i++) entries.push([`Sticker | Fixture ${i} (Holo)`, 3 + Math.floor(rnd() * 500_000)]);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return new Map(entries);
}
