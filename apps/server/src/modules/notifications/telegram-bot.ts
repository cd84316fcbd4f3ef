import { z } from 'zod';

/** The Bot API's answer to every method: `ok` with its `result`, or an error code and, for 429, when to ask again. */
const botAnswer = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number().int(),
    description: z.string(),
    parameters: z.object({ retry_after: z.number().int().nonnegative().optional() }).optional(),
  }),
]);

const sentMessage = z.object({ message_id: z.number().int(), chat: z.object({ id: z.number().int() }) });

/** The chat will not take messages from the bot (blocked it, left, deleted the account): sending again is pointless. */
export class ChatGone extends Error {
  constructor(readonly description: string) {
    super(`telegram 403: ${description}`);
    this.name = 'ChatGone';
  }
}

/** Telegram asked us to slow down, or could not be reached: the same message may go later. */
export class TryLater extends Error {
  constructor(
    message: string,
    /** When to try again, when the service said (429 `retry_after`). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'TryLater';
  }
}

/** A refusal that will not change (400 bad request, 401 a wrong token): retrying does not help. */
export class BotRefused extends Error {
  constructor(readonly code: number, readonly description: string) {
    super(`telegram ${code}: ${description}`);
    this.name = 'BotRefused';
  }
}

export interface TelegramBotOptions {
  token: string;
  /** The Bot API's base, `https://api.telegram.org` unless a test points it at its fake. */
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The Telegram Bot API over HTTPS (core.telegram.org/bots/api): each method is a POST of JSON to
 * `/bot<token>/<method>`, answered by `{ ok, result }` or `{ ok: false, error_code, description,
 * parameters }`. Every answer is parsed by its schema; anything else is "unreachable", never a guess.
 */
export class TelegramBot {
  private readonly fetch: typeof fetch;

  constructor(private readonly o: TelegramBotOptions) {
    this.fetch = o.fetch ?? ((url, init) => fetch(url, init));
  }

  /** Sends a plain-text message to a chat; throws ChatGone, TryLater or BotRefused. */
  async sendMessage(chatId: number, text: string): Promise<{ messageId: number }> {
    const result = sentMessage.safeParse(await this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } }));
    if (!result.success) throw new TryLater('telegram unreachable: sendMessage answered without the message');
    return { messageId: result.data.message_id };
  }

  /**
   * Points the bot's updates at our webhook, with the secret Telegram sends back in
   * X-Telegram-Bot-Api-Secret-Token; only messages are asked for. Setting the same again is harmless.
   */
  async setWebhook({ url, secretToken }: { url: string; secretToken: string }): Promise<void> {
    const done = await this.call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] });
    if (done !== true) throw new TryLater('telegram unreachable: setWebhook answered without true');
  }

  private async call(method: string, body: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetch(`${this.o.apiUrl.replace(/\/+$/, '')}/bot${this.o.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new TryLater(`telegram unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const parsed = botAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new TryLater(`telegram unreachable: HTTP ${res.status} without a Bot API answer`);
    const answer = parsed.data;
    if (answer.ok) return answer.result;
    if (answer.error_code === 403) throw new ChatGone(answer.description);
    if (answer.error_code === 429) {
      const seconds = answer.parameters?.retry_after;
      throw new TryLater(`telegram 429: ${answer.description}`, seconds === undefined ? null : seconds * 1000);
    }
    if (answer.error_code >= 500) throw new TryLater(`telegram ${answer.error_code}: ${answer.description}`);
    throw new BotRefused(answer.error_code, answer.description);
  }
}
