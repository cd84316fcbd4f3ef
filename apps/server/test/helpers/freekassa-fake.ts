import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local FreeKassa for the tests, speaking its SCI protocol as documented (decision 070) and
 * written apart from the adapter, so a mistake in one is not repeated in the other:
 * - GET / is the checkout form: m, oa, currency, o and s = MD5(m:oa:secret1:currency:o); a wrong
 *   signature or another shop's id gets FreeKassa's error page (400) instead of the form;
 * - POST /pay is the player paying on it: FreeKassa assigns its payment id (intid) and posts the
 *   notification to the shop's notification URL as a form: MERCHANT_ID, AMOUNT, intid,
 *   MERCHANT_ORDER_ID, P_EMAIL, P_PHONE, CUR_ID, SIGN = MD5(m:AMOUNT:secret2:o) and the us_ fields,
 *   sending it again until the shop answers exactly `YES`.
 */
export interface FreeKassaFakeOptions {
  merchantId: string;
  secret1: string;
  secret2: string;
  /** Attempts before the fake gives a notification up. */
  maxAttempts?: number;
  /** The wait between attempts; the real one waits minutes, the tests next to nothing. */
  retryDelayMs?: number;
  /** The shop's API key: POST /v1/orders answers requests signed with it (HMAC-SHA256 of the sorted values joined by `|`). */
  apiKey?: string;
  /**
   * The shop's success URL from FreeKassa's cabinet: set, a player who paid on the form is sent
   * there with MERCHANT_ORDER_ID (a browser test's way back); unset, the form just says "Paid".
   */
  successUrl?: string;
}

/** An order as FreeKassa's API lists it. */
export interface FakeOrder {
  merchant_order_id: string;
  fk_order_id: number;
  amount: number;
  currency: string;
  /** 1 paid. */
  status: number;
}

export interface Delivery {
  orderId: string;
  intid: string;
  /** The notification's form body exactly as posted. */
  body: string;
  /** Each attempt's status and body, in order. */
  attempts: { status: number; body: string }[];
  answered: boolean;
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const CURRENCIES = new Set(['RUB', 'USD', 'EUR', 'UAH', 'KZT']);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class FreeKassaFake {
  readonly deliveries: Delivery[] = [];
  private server!: Server;
  private nextIntid = 70_000_000;
  private inFlight = new Set<Promise<Delivery>>();
  private byOrder = new Map<string, Promise<Delivery>>();
  /** The shop's orders as the API lists them, by the shop's order id. */
  readonly orders = new Map<string, FakeOrder>();
  /** Every POST /v1/orders, with the status answered. */
  readonly apiRequests: { body: string; status: number }[] = [];
  private lastNonce = 0;
  formUrl = '';
  apiUrl = '';
  /** The shop's notification URL, as set in FreeKassa's cabinet (known once the store listens). */
  notifyUrl = '';

  constructor(private readonly opts: FreeKassaFakeOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, type, body, location }) => res.writeHead(status, { 'content-type': type, ...(location ? { location } : {}) }).end(body),
        (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.formUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    this.apiUrl = `${this.formUrl}v1`;
    return this;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Why the form refuses these parameters, or null when FreeKassa would show it. */
  formRefusal(params: URLSearchParams): string | null {
    const [m, oa, currency, o, s] = ['m', 'oa', 'currency', 'o', 's'].map((k) => params.get(k) ?? '');
    if (m !== this.opts.merchantId) return 'Unknown shop';
    if (!/^\d+(\.\d{1,2})?$/.test(oa!) || !o || !CURRENCIES.has(currency!)) return 'Wrong parameters';
    if (s!.toLowerCase() !== md5(`${m}:${oa}:${this.opts.secret1}:${currency}:${o}`)) return 'Wrong signature';
    return null;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; type: string; body: string; location?: string }> {
    const url = new URL(req.url ?? '/', this.formUrl);
    if (req.method === 'GET' && url.pathname === '/') {
      const refusal = this.formRefusal(url.searchParams);
      if (refusal) return { status: 400, type: 'text/html; charset=utf-8', body: `<h1>${refusal}</h1>` };
      const hidden = [...url.searchParams].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
      const body = `<!doctype html><title>FreeKassa</title><h1>${escapeHtml(url.searchParams.get('oa')!)} ${escapeHtml(url.searchParams.get('currency')!)}</h1>
<form method="post" action="/pay">${hidden}<button>Pay</button></form>`;
      return { status: 200, type: 'text/html; charset=utf-8', body };
    }
    if (req.method === 'POST' && url.pathname === '/v1/orders') {
      const body = await readBody(req);
      const answer = this.listOrders(body);
      this.apiRequests.push({ body, status: answer.status });
      return { status: answer.status, type: 'application/json', body: JSON.stringify(answer.body) };
    }
    if (req.method === 'POST' && url.pathname === '/pay') {
      const params = new URLSearchParams(await readBody(req));
      const refusal = this.formRefusal(params);
      if (refusal) return { status: 400, type: 'text/html; charset=utf-8', body: `<h1>${refusal}</h1>` };
      // "silent": paid, but the notification is lost on the way (only the API knows).
      if (url.searchParams.get('silent') === '1') {
        this.record(params, String(this.nextIntid++));
        return { status: 200, type: 'text/html; charset=utf-8', body: '<h1>Paid</h1>' };
      }
      this.byOrder.set(params.get('o')!, this.notify(params));
      if (this.opts.successUrl) {
        const back = new URL(this.opts.successUrl);
        back.searchParams.set('MERCHANT_ORDER_ID', params.get('o')!);
        return { status: 303, type: 'text/html; charset=utf-8', body: '<h1>Paid</h1>', location: back.toString() };
      }
      return { status: 200, type: 'text/html; charset=utf-8', body: '<h1>Paid</h1>' };
    }
    return { status: 404, type: 'text/plain', body: 'Not found' };
  }

  /**
   * The player pays the order behind a checkout address the shop made: the form is checked as
   * FreeKassa checks it, then the notification goes out with its retries. Resolves when the shop
   * answered YES or the attempts ran out.
   */
  async pay(checkoutUrl: string): Promise<Delivery> {
    const url = new URL(checkoutUrl);
    if (`${url.origin}/` !== this.formUrl) throw new Error(`${checkoutUrl} is not this FreeKassa's form`);
    const page = await fetch(checkoutUrl);
    if (page.status !== 200) throw new Error(`the form refused the checkout: ${page.status} ${await page.text()}`);
    // The form's button posts its hidden fields, which are the checkout's parameters.
    const paid = await fetch(new URL('/pay', this.formUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: url.searchParams.toString() });
    if (paid.status !== 200) throw new Error(`the payment was refused: ${paid.status} ${await paid.text()}`);
    return this.byOrder.get(url.searchParams.get('o')!)!;
  }

  /** The API's orders list: shopId, nonce (larger than the last), paymentId, signature. */
  private listOrders(body: string): { status: number; body: unknown } {
    let data: Record<string, string | number>;
    try {
      data = JSON.parse(body) as Record<string, string | number>;
    } catch {
      return { status: 400, body: { type: 'error', message: 'Bad JSON' } };
    }
    const { signature, ...fields } = data;
    const text = Object.keys(fields)
      .sort()
      .map((k) => String(fields[k]))
      .join('|');
    const expected = createHmac('sha256', this.opts.apiKey ?? '').update(text).digest('hex');
    if (!this.opts.apiKey || signature !== expected || String(fields.shopId) !== this.opts.merchantId) return { status: 401, body: { type: 'error', message: 'Wrong signature' } };
    if (!(Number(fields.nonce) > this.lastNonce)) return { status: 400, body: { type: 'error', message: 'Nonce' } };
    this.lastNonce = Number(fields.nonce);
    const found = fields.paymentId === undefined ? [...this.orders.values()] : [this.orders.get(String(fields.paymentId))].filter(Boolean);
    return { status: 200, body: { type: 'success', pages: 1, orders: found } };
  }

  private record(params: URLSearchParams, intid: string) {
    this.orders.set(params.get('o')!, { merchant_order_id: params.get('o')!, fk_order_id: Number(intid), amount: Number(params.get('oa')), currency: params.get('currency')!, status: 1 });
  }

  /** The player pays, and FreeKassa's notification never reaches the shop: only the API lookup can tell. */
  async paySilently(checkoutUrl: string): Promise<FakeOrder> {
    const url = new URL(checkoutUrl);
    const paid = await fetch(new URL('/pay?silent=1', this.formUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: url.searchParams.toString() });
    if (paid.status !== 200) throw new Error(`the payment was refused: ${paid.status} ${await paid.text()}`);
    return this.orders.get(url.searchParams.get('o')!)!;
  }

  private notify(params: URLSearchParams): Promise<Delivery> {
    const m = params.get('m')!;
    const oa = params.get('oa')!;
    const o = params.get('o')!;
    const fields = new URLSearchParams({
      MERCHANT_ID: m,
      AMOUNT: oa,
      intid: String(this.nextIntid++),
      MERCHANT_ORDER_ID: o,
      P_EMAIL: params.get('em') ?? '',
      P_PHONE: params.get('phone') ?? '',
      // FreeKassa's payment system id, the one the form was given or its SBP.
      CUR_ID: params.get('i') ?? '42',
      SIGN: md5(`${m}:${oa}:${this.opts.secret2}:${o}`),
    });
    for (const [k, v] of params) if (k.startsWith('us_')) fields.set(k, v);
    const delivery: Delivery = { orderId: o, intid: fields.get('intid')!, body: fields.toString(), attempts: [], answered: false };
    this.record(params, delivery.intid);
    this.deliveries.push(delivery);
    const run = this.deliver(delivery);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
    return run;
  }

  /** Posts a notification until the shop answers `YES`, as FreeKassa does. */
  private async deliver(delivery: Delivery): Promise<Delivery> {
    const max = this.opts.maxAttempts ?? 10;
    for (let i = 0; i < max && !delivery.answered; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, this.opts.retryDelayMs ?? 5));
      try {
        const res = await fetch(this.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: delivery.body });
        const body = await res.text();
        delivery.attempts.push({ status: res.status, body });
        delivery.answered = res.status === 200 && body.trim() === 'YES';
      } catch (err) {
        delivery.attempts.push({ status: 0, body: String(err) });
      }
    }
    return delivery;
  }

  /** The same notification again, once, as FreeKassa's retry would send it: the shop's answer. */
  async resend(delivery: Delivery): Promise<{ status: number; body: string }> {
    const res = await fetch(this.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: delivery.body });
    return { status: res.status, body: await res.text() };
  }
}
