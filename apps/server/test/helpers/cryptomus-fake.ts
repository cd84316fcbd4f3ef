import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Cryptomus for the tests, speaking its merchant API as documented (decision 071) and
 * written apart from the adapter, so a mistake in one is not repeated in the other:
 * - POST /v1/payment makes an invoice: the `merchant` header must be the merchant's uuid and
 *   `sign` = md5(base64(body) . payment key) over the body as received, else 401 with state 1;
 *   required amount, currency, order_id (else 422); the answer is `{ state: 0, result: {...} }`
 *   with the invoice's uuid and its payment page `url`; the same order_id again gets the same invoice;
 * - GET /pay/<uuid> is the payment page; POST /pay/<uuid> is the player paying on it: the fake
 *   posts the webhook to the invoice's url_callback, a JSON body whose `sign` is
 *   md5(base64(json_encode(body without sign)) . payment key) as PHP writes it (slashes `\/`),
 *   and sends it again until the store answers HTTP 200.
 */
export interface CryptomusFakeOptions {
  merchantId: string;
  apiKey: string;
  maxAttempts?: number;
}

export interface Invoice {
  uuid: string;
  orderId: string;
  amount: string;
  currency: string;
  urlCallback: string;
  urlReturn: string | null;
  /** Its status as POST /v1/payment/info reports it: `check` until paid. */
  status?: string;
}

export interface Delivery {
  uuid: string;
  orderId: string;
  /** The webhook's body exactly as posted. */
  body: string;
  attempts: { status: number; body: string }[];
  answered: boolean;
}

export interface PayOptions {
  status?: 'paid' | 'paid_over' | 'wrong_amount' | 'cancel' | 'fail' | 'refund_paid';
  /** What the payer sent, in the invoice's currency; the invoice's sum by default. */
  paymentAmount?: string;
  /** Written into the webhook's additional_data (a slash there tests PHP's escaping). */
  additionalData?: string;
}

// PHP's json_encode (JSON_UNESCAPED_UNICODE) differs from JSON.stringify in writing "/" as "\/".
const phpEncode = (value: unknown) => JSON.stringify(value).split('/').join('\\/');
const signOf = (text: string, key: string) => createHash('md5').update(`${Buffer.from(text).toString('base64')}${key}`).digest('hex');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class CryptomusFake {
  readonly invoices = new Map<string, Invoice>();
  readonly deliveries: Delivery[] = [];
  /** Every POST /v1/payment the store made, as received. */
  readonly requests: { headers: Record<string, string | string[] | undefined>; body: string; status: number }[] = [];
  private server!: Server;
  apiUrl = '';
  /** Where an address resolves on this machine (the store's PUBLIC_URL names a host the tests do not run). */
  resolve: (url: string) => string = (url) => url;

  constructor(private readonly opts: CryptomusFakeOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, type, body, location }) => res.writeHead(status, { 'content-type': type, ...(location ? { location } : {}) }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.apiUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The player pays on the invoice's page (its `url`): the webhook is delivered, retried until 200. */
  async pay(checkoutUrl: string, options: PayOptions = {}): Promise<Delivery> {
    const res = await fetch(checkoutUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
    if (res.status !== 200) throw new Error(`the fake refused the payment: ${res.status} ${await res.text()}`);
    return (await res.json()) as Delivery;
  }

  /** The webhook Cryptomus would send for an invoice, signed, as text. */
  webhook(invoice: Invoice, options: PayOptions = {}, key = this.opts.apiKey): string {
    const status = options.status ?? 'paid';
    const paid = options.paymentAmount ?? invoice.amount;
    const unsigned = {
      type: 'payment',
      uuid: invoice.uuid,
      order_id: invoice.orderId,
      amount: invoice.amount,
      payment_amount: status === 'cancel' ? '0.00000000' : paid,
      payment_amount_usd: '0.00',
      merchant_amount: paid,
      commission: '0.00',
      is_final: status !== 'wrong_amount',
      status,
      from: null,
      wallet_address_uuid: null,
      network: 'tron',
      currency: invoice.currency,
      payer_currency: invoice.currency,
      additional_data: options.additionalData ?? null,
      txid: 'b2c8a5e0f1d34c7e9a6b1d2c3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f',
    };
    return phpEncode({ ...unsigned, sign: signOf(phpEncode(unsigned), key) });
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; type: string; body: string; location?: string }> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => ({ status, type: 'application/json', body: JSON.stringify(body) });
    if (req.method === 'POST' && url.pathname === '/v1/payment') {
      const body = await readBody(req);
      const answer = this.createInvoice(req, body);
      this.requests.push({ headers: req.headers, body, status: answer.status });
      return json(answer.status, answer.body);
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment/info') {
      const body = await readBody(req);
      if (req.headers.merchant !== this.opts.merchantId || req.headers.sign !== signOf(body, this.opts.apiKey)) return json(401, { state: 1, message: 'You are forbidden' });
      const asked = JSON.parse(body) as { uuid?: string; order_id?: string };
      // Both given, the order id decides, as documented.
      const invoice = asked.order_id ? [...this.invoices.values()].find((i) => i.orderId === asked.order_id) : this.invoices.get(asked.uuid ?? '');
      if (!invoice) return json(404, { state: 1, message: 'Not found' });
      const status = invoice.status ?? 'check';
      return json(200, {
        state: 0,
        result: { uuid: invoice.uuid, order_id: invoice.orderId, amount: invoice.amount, currency: invoice.currency, payment_status: status, status, is_final: status !== 'check', url: `${this.apiUrl.replace(/\/v1$/, '')}/pay/${invoice.uuid}` },
      });
    }
    const page = /^\/pay\/([0-9a-f-]{36})$/.exec(url.pathname);
    const invoice = page ? this.invoices.get(page[1]!) : undefined;
    if (!invoice) return json(404, { state: 1, message: 'Not found' });
    if (req.method === 'GET') {
      return { status: 200, type: 'text/html; charset=utf-8', body: `<!doctype html><title>Cryptomus</title><p>${invoice.amount} ${invoice.currency}</p><form method="post"><button>Pay</button></form>` };
    }
    // A person pressing Pay on the page (a form post) is sent back to the shop's url_return once
    // the webhook has gone; a test's JSON post says how to pay and reads the delivery.
    if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      await readBody(req);
      await this.deliver(invoice, {});
      if (invoice.urlReturn) return { status: 303, type: 'text/html; charset=utf-8', body: '<p>Paid</p>', location: invoice.urlReturn };
      return { status: 200, type: 'text/html; charset=utf-8', body: '<p>Paid</p>' };
    }
    const options = (JSON.parse((await readBody(req)) || '{}') ?? {}) as PayOptions;
    return json(200, await this.deliver(invoice, options));
  }

  private createInvoice(req: IncomingMessage, body: string): { status: number; body: unknown } {
    if (req.headers.merchant !== this.opts.merchantId || req.headers.sign !== signOf(body, this.opts.apiKey)) {
      return { status: 401, body: { state: 1, message: 'You are forbidden' } };
    }
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return { status: 422, body: { state: 1, message: 'Invalid JSON' } };
    }
    const errors: Record<string, string[]> = {};
    for (const field of ['amount', 'currency', 'order_id'] as const) if (typeof data[field] !== 'string' || !data[field]) errors[field] = ['validation.required'];
    if (Object.keys(errors).length) return { status: 422, body: { state: 1, errors } };
    const existing = [...this.invoices.values()].find((i) => i.orderId === data.order_id);
    const invoice: Invoice = existing ?? {
      uuid: randomUUID(),
      orderId: data.order_id as string,
      amount: data.amount as string,
      currency: data.currency as string,
      urlCallback: String(data.url_callback ?? ''),
      urlReturn: typeof data.url_return === 'string' ? data.url_return : null,
    };
    this.invoices.set(invoice.uuid, invoice);
    const pageUrl = `${this.apiUrl.replace(/\/v1$/, '')}/pay/${invoice.uuid}`;
    return {
      status: 200,
      body: {
        state: 0,
        result: {
          uuid: invoice.uuid,
          order_id: invoice.orderId,
          amount: invoice.amount,
          payment_amount: null,
          payer_amount: null,
          discount_percent: null,
          discount: '0.00000000',
          payer_currency: null,
          currency: invoice.currency,
          comments: null,
          merchant_amount: null,
          network: null,
          address: null,
          from: null,
          txid: null,
          payment_status: 'check',
          url: pageUrl,
          expired_at: Math.floor(Date.now() / 1000) + 3600,
          status: 'check',
          is_final: false,
          additional_data: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
      },
    };
  }

  /** The invoice is paid (or refunded) and the webhook never reaches the store: only payment/info can tell. */
  paySilently(invoice: Invoice, status: NonNullable<PayOptions['status']> = 'paid') {
    invoice.status = status;
  }

  private async deliver(invoice: Invoice, options: PayOptions): Promise<Delivery> {
    invoice.status = options.status ?? 'paid';
    const body = this.webhook(invoice, options);
    const delivery: Delivery = { uuid: invoice.uuid, orderId: invoice.orderId, body, attempts: [], answered: false };
    this.deliveries.push(delivery);
    for (let i = 0; i < (this.opts.maxAttempts ?? 10) && !delivery.answered; i++) {
      try {
        const res = await fetch(this.resolve(invoice.urlCallback), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        delivery.attempts.push({ status: res.status, body: await res.text() });
        delivery.answered = res.status === 200;
      } catch (err) {
        delivery.attempts.push({ status: 0, body: String(err) });
      }
    }
    return delivery;
  }
}
