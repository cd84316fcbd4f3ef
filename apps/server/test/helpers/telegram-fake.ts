import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Telegram Bot API for the tests, speaking its HTTP protocol as core.telegram.org/bots/api
 * documents it and written apart from the adapter: POST /bot<token>/<method> with a JSON body,
 * answered `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`.
 * sendMessage needs chat_id and text; a chat that blocked the bot answers 403 "Forbidden: bot was
 * blocked by the user"; a chat told to slow down answers 429 with parameters.retry_after.
 * setWebhook keeps the url and secret_token it was given (1-256 of A-Z, a-z, 0-9, _ and -).
 */
export interface FakeReply {
  error_code: number;
  description: string;
  retry_after?: number;
}

export interface FakeCall {
  method: string;
  body: Record<string, unknown>;
  /** What the fake answered: ok, or the error code. */
  answer: 'ok' | number;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class TelegramFake {
  readonly calls: FakeCall[] = [];
  private server!: Server;
  private nextMessageId = 1;
  private readonly blocked = new Set<number>();
  private readonly scripted = new Map<number, FakeReply[]>();
  url = '';
  /** What setWebhook last set: where Telegram would post updates, and the secret it would send with them. */
  webhook: { url: string; secretToken: string | null } | null = null;

  constructor(readonly token: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The player blocked the bot: every message to the chat is refused with 403 from now on. */
  block(chatId: number): void {
    this.blocked.add(chatId);
  }

  /** The next sendMessage calls to the chat get these errors, in order, before it takes messages again. */
  failNext(chatId: number, ...replies: FakeReply[]): void {
    this.scripted.set(chatId, [...(this.scripted.get(chatId) ?? []), ...replies]);
  }

  /** The texts the chat received (accepted messages only), in order. */
  received(chatId: number): string[] {
    return this.calls.filter((c) => c.method === 'sendMessage' && c.answer === 'ok' && c.body.chat_id === chatId).map((c) => String(c.body.text));
  }

  /** Every sendMessage to the chat, accepted or refused. */
  attempts(chatId: number): FakeCall[] {
    return this.calls.filter((c) => c.method === 'sendMessage' && c.body.chat_id === chatId);
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const match = req.url?.match(/^\/bot([^/]+)\/(\w+)$/);
    const raw = await readBody(req);
    if (!match || req.method !== 'POST') return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
    const [, token, method] = match;
    if (token !== this.token) return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' } };
    }
    const refuse = (reply: FakeReply) => {
      this.calls.push({ method: method!, body, answer: reply.error_code });
      return {
        status: reply.error_code,
        body: { ok: false, error_code: reply.error_code, description: reply.description, ...(reply.retry_after !== undefined ? { parameters: { retry_after: reply.retry_after } } : {}) },
      };
    };
    if (method === 'setWebhook') {
      const secret = body.secret_token;
      if (typeof body.url !== 'string' || (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret)))) {
        return refuse({ error_code: 400, description: 'Bad Request: bad webhook' });
      }
      this.webhook = { url: body.url, secretToken: typeof secret === 'string' ? secret : null };
      this.calls.push({ method, body, answer: 'ok' });
      return { status: 200, body: { ok: true, result: true, description: 'Webhook was set' } };
    }
    if (method !== 'sendMessage') return refuse({ error_code: 404, description: 'Not Found: method not found' });
    const chatId = body.chat_id;
    if (typeof chatId !== 'number' || typeof body.text !== 'string' || !body.text) return refuse({ error_code: 400, description: 'Bad Request: chat_id and text are required' });
    if (this.blocked.has(chatId)) return refuse({ error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const scripted = this.scripted.get(chatId)?.shift();
    if (scripted) return refuse(scripted);
    this.calls.push({ method, body, answer: 'ok' });
    const messageId = this.nextMessageId++;
    return { status: 200, body: { ok: true, result: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, text: body.text } } };
  }
}
