import nodemailer from 'nodemailer';
import { z } from 'zod';
import { checkEnv, type Env } from '../config/env.ts';
import { deploymentProblems, marketApiUrl, missingVendorSettings, priceSource, sandboxesInUse } from '../config/deployment.ts';
import { buildVendor } from '../modules/withdrawals/markets/build-vendor.ts';
import { paymentCallbackPath } from '../modules/payments/callback-path.ts';

/** How a finding weighs: a blocker stops a production start, a warning is worth a look, ok is checked. */
export type Severity = 'blocker' | 'warning' | 'ok';

export interface Finding {
  severity: Severity;
  /** What was checked, in the operator's words: "FreeKassa", "SMTP", "PUBLIC_URL". */
  subject: string;
  message: string;
}

export interface DoctorReport {
  findings: Finding[];
  /** Each provider's notification address, derived from PUBLIC_URL, and where it goes (its cabinet, or each request). */
  callbacks: { provider: string; url: string; note: string }[];
  /** Whether anything blocks a production start: the command then exits non-zero. */
  blocked: boolean;
}

export interface DoctorOptions {
  /** The environment the command runs in. */
  source: NodeJS.ProcessEnv;
  /** Skip asking the providers whether they answer (no network on this machine, or a dry run). */
  offline: boolean;
  /** How long one provider may take to answer. */
  timeoutMs?: number;
}

const PROVIDER_NAMES: Record<string, string> = { freekassa: 'FreeKassa', cryptomus: 'Cryptomus', sandbox: 'the payment sandbox' };

/** Where Telegram calls the store (modules/notifications, decision 073). */
const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';

/** Where each provider learns its notification address. */
const CALLBACK_NOTES: Record<string, string> = {
  freekassa: 'paste as the notification URL (method POST) in the shop settings; the success URL is PUBLIC_URL + /refill/result (it shows the player the payment), the failure URL PUBLIC_URL + /refill',
  cryptomus: 'sent with each invoice as url_callback: nothing to paste, shown to check the address',
  sandbox: "the store's own sandbox: nothing to paste",
};

const smtpVerify = async (url: string, timeoutMs: number) => {
  const transport = nodemailer.createTransport({ url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs, dnsTimeout: timeoutMs });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
};

/** The Bot API's envelope and the two answers the doctor reads (core.telegram.org/bots/api). */
const botAnswer = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error_code: z.number(), description: z.string() }),
]);
const botUser = z.object({ username: z.string() });
const webhookInfo = z.object({ url: z.string(), last_error_message: z.string().optional() });

/** One Bot API call: its result parsed by the schema, or why there is none, in words. */
async function askTelegram<T>(env: Env, method: string, schema: z.ZodType<T>, timeoutMs: number): Promise<{ result: T } | { problem: string }> {
  let body: unknown;
  try {
    const res = await fetch(`${env.TELEGRAM_API_URL.replace(/\/+$/, '')}/bot${env.TELEGRAM_BOT_TOKEN}/${method}`, { method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
    body = await res.json().catch(() => null);
  } catch (err) {
    return { problem: `does not answer (${(err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message)})` };
  }
  const answer = botAnswer.safeParse(body);
  if (!answer.success) return { problem: 'answers something that is not the Bot API' };
  if (!answer.data.ok) return { problem: `refuses the bot token (${answer.data.error_code} ${answer.data.description}): copy it again from @BotFather` };
  const result = schema.safeParse(answer.data.result);
  return result.success ? { result: result.data } : { problem: `answers ${method} without what it should hold` };
}

/** The bot behind the token, and whether Telegram calls the store's webhook. */
async function checkTelegram(env: Env, webhookUrl: string | null, timeoutMs: number): Promise<Finding[]> {
  const me = await askTelegram(env, 'getMe', botUser, timeoutMs);
  if ('problem' in me) return [{ severity: 'blocker', subject: 'Telegram', message: `Telegram ${me.problem}.` }];
  const findings: Finding[] = [];
  if (me.result.username.toLowerCase() !== env.TELEGRAM_BOT_NAME?.toLowerCase()) {
    findings.push({ severity: 'blocker', subject: 'Telegram', message: `The bot token belongs to @${me.result.username}, but TELEGRAM_BOT_NAME is ${env.TELEGRAM_BOT_NAME}: players' links would open another bot.` });
  } else {
    findings.push({ severity: 'ok', subject: 'Telegram', message: `Telegram knows the bot @${me.result.username}.` });
  }
  const hook = await askTelegram(env, 'getWebhookInfo', webhookInfo, timeoutMs);
  if ('problem' in hook) findings.push({ severity: 'warning', subject: 'Telegram', message: `Telegram's webhook could not be read: Telegram ${hook.problem}.` });
  else if (webhookUrl && hook.result.url !== webhookUrl) {
    findings.push({ severity: 'warning', subject: 'Telegram', message: `The bot's webhook is ${hook.result.url || 'not set'}, not ${webhookUrl}: players cannot link their chats until it is registered (setWebhook, docs/GO-LIVE.md).` });
  } else if (hook.result.last_error_message) {
    findings.push({ severity: 'warning', subject: 'Telegram', message: `Telegram's last call of the webhook failed: ${hook.result.last_error_message}.` });
  }
  return findings;
}

/** Any HTTP answer means the provider is there; only no answer (refused, no address, timeout) is a problem. */
async function httpReachable(url: string, timeoutMs: number): Promise<string | null> {
  try {
    const res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return null;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (cause?.code ?? cause?.message ?? (err as Error).message);
  }
}

/**
 * The settings read the way the start reads them. A refused setting is reported and then left out,
 * so the checks that follow still run and name what else is missing.
 */
function readSettings(source: NodeJS.ProcessEnv, findings: Finding[]): Env {
  let current = { ...source };
  for (;;) {
    const checked = checkEnv(current);
    if (checked.env) return checked.env;
    const before = Object.keys(current).length;
    for (const p of checked.problems) {
      findings.push({ severity: 'blocker', subject: p.variable, message: `${p.variable} is refused: ${p.message}.` });
      delete current[p.variable.split('.')[0]!];
    }
    // A refusal of no one variable: go on with the defaults rather than loop.
    if (Object.keys(current).length === before) current = {};
  }
}

/**
 * `npm run admin -- doctor`: the configuration of the environment it runs in, checked as a
 * production start would check it (the same rules, `checkEnv` and `deploymentProblems`), plus what
 * the start cannot know: whether PUBLIC_URL is https, whether the providers answer (and the Telegram
 * bot is the one named, its webhook registered), and where each provider must send its notifications.
 */
export async function runDoctor(o: DoctorOptions): Promise<DoctorReport> {
  const timeoutMs = o.timeoutMs ?? 5000;
  const findings: Finding[] = [];
  const parsed = readSettings(o.source, findings);
  // The doctor answers for go-live: the production rules apply whatever NODE_ENV this shell has.
  const env: Env = { ...parsed, NODE_ENV: 'production' };

  if (!env.DATABASE_URL) {
    findings.push({ severity: 'warning', subject: 'DATABASE_URL', message: 'DATABASE_URL is not set: the store runs on the embedded database in the data folder, one process only; a store taking real money should run on PostgreSQL.' });
  }
  for (const problem of deploymentProblems(env)) findings.push({ severity: 'blocker', subject: 'start', message: `A production start refuses: ${problem}` });

  const declared = env.SANDBOX;
  const used = sandboxesInUse(env);
  for (const s of used.filter((s) => declared.includes(s))) {
    findings.push({ severity: 'warning', subject: 'SANDBOX', message: `${s} runs on its sandbox (declared in SANDBOX): nothing real happens there${s === 'payments' ? ', and players can pay with play money' : ''}.` });
  }
  // Steam and VK messages have no service yet: SANDBOX=notifications keeps recording them (decision 073).
  if (declared.includes('notifications') && !used.includes('notifications')) {
    findings.push({ severity: 'warning', subject: 'SANDBOX', message: 'Steam and VK messages go to the sandbox (SANDBOX=notifications): recorded, never sent.' });
  }
  for (const s of declared.filter((s) => !used.includes(s) && s !== 'analytics' && s !== 'notifications')) {
    findings.push({ severity: 'warning', subject: 'SANDBOX', message: `SANDBOX names ${s}, but ${s} runs on its real adapter: remove it from SANDBOX.` });
  }

  const publicUrl = env.PUBLIC_URL?.replace(/\/$/, '');
  if (!publicUrl) {
    findings.push({ severity: 'blocker', subject: 'PUBLIC_URL', message: 'PUBLIC_URL is not set: the providers cannot be told where to send their notifications, nor players where to come back to.' });
  } else if (!publicUrl.startsWith('https://')) {
    findings.push({ severity: 'blocker', subject: 'PUBLIC_URL', message: `PUBLIC_URL is ${publicUrl}: a store taking money must be served over https (the providers and browsers refuse plain http).` });
  } else {
    findings.push({ severity: 'ok', subject: 'PUBLIC_URL', message: `PUBLIC_URL is ${publicUrl}.` });
  }
  if (env.TRUST_PROXY === false && (env.PAYMENT_PROVIDER.includes('freekassa') && env.FREEKASSA_CHECK_IP === 'on' || env.PAYMENT_PROVIDER.includes('cryptomus') && env.CRYPTOMUS_CHECK_IP === 'on')) {
    findings.push({ severity: 'warning', subject: 'TRUST_PROXY', message: "TRUST_PROXY is off: the providers' source addresses are checked against the socket's address; behind a reverse proxy set TRUST_PROXY, or every notification is refused." });
  }

  const real = env.PAYMENT_PROVIDER.filter((p) => p !== 'sandbox');
  if (!real.length) findings.push({ severity: 'warning', subject: 'PAYMENT_PROVIDER', message: 'No real payment provider is configured (PAYMENT_PROVIDER=sandbox): the store takes no real money.' });
  const callbacks = publicUrl ? env.PAYMENT_PROVIDER.map((p) => ({ provider: PROVIDER_NAMES[p] ?? p, url: publicUrl + paymentCallbackPath(p), note: CALLBACK_NOTES[p]! })) : [];
  const telegram = env.NOTIFY_PROVIDER === 'telegram';
  const telegramWebhook = telegram && publicUrl ? publicUrl + TELEGRAM_WEBHOOK_PATH : null;
  if (telegramWebhook) {
    callbacks.push({ provider: 'Telegram', url: telegramWebhook, note: "register once with the Bot API's setWebhook, secret_token = TELEGRAM_WEBHOOK_SECRET (docs/GO-LIVE.md)" });
  }

  if (!o.offline) {
    const pings: { subject: string; url: string }[] = [];
    if (env.PAYMENT_PROVIDER.includes('freekassa')) pings.push({ subject: 'FreeKassa', url: env.FREEKASSA_FORM_URL });
    if (env.PAYMENT_PROVIDER.includes('cryptomus')) pings.push({ subject: 'Cryptomus', url: env.CRYPTOMUS_API_URL });
    // The price job's list (decision 078): public, no key; unreachable, prices stand still.
    if (priceSource(env) === 'market' && env.PRICE_SYNC_MS > 0) pings.push({ subject: 'Price list', url: `${marketApiUrl(env)}/api/v2/prices/RUB.json` });
    const answers = await Promise.all(pings.map(async (p) => ({ ...p, failure: await httpReachable(p.url, timeoutMs) })));
    for (const a of answers) {
      findings.push(
        a.failure
          ? { severity: 'blocker', subject: a.subject, message: `${a.subject} at ${a.url} does not answer (${a.failure}): check the address and this machine's outgoing connections.` }
          : { severity: 'ok', subject: a.subject, message: `${a.subject} answers at ${a.url}.` },
      );
    }
    if (telegram && env.TELEGRAM_BOT_TOKEN) findings.push(...(await checkTelegram(env, telegramWebhook, timeoutMs)));
    if (!missingVendorSettings(env).length) findings.push(...(await checkMarkets(env)));
    if (env.MAIL_PROVIDER === 'smtp' && env.SMTP_URL) {
      const place = new URL(env.SMTP_URL).host;
      try {
        await smtpVerify(env.SMTP_URL, timeoutMs);
        findings.push({ severity: 'ok', subject: 'SMTP', message: `The SMTP server at ${place} greets us and takes our login.` });
      } catch (err) {
        findings.push({ severity: 'blocker', subject: 'SMTP', message: `The SMTP server at ${place} refuses or does not answer (${(err as Error).message}): check SMTP_URL's host, port and login.` });
      }
    }
  }
  return { findings, callbacks, blocked: findings.some((f) => f.severity === 'blocker') };
}

/**
 * Each real marketplace of VENDOR_PROVIDER is asked for the store's balance there: the call needs
 * the key, so an answer proves the address and the key, and the sum says whether withdrawals can
 * be paid (decision 077).
 */
async function checkMarkets(env: Env): Promise<Finding[]> {
  const real = env.VENDOR_PROVIDER.filter((p) => p !== 'sandbox');
  if (!real.length) return [];
  const vendor = buildVendor({ ...env, VENDOR_PROVIDER: real }, { baseUrl: () => '', key: () => '' });
  const balances = await vendor.balances().catch(() => new Map<string, number>());
  return real.map((market): Finding => {
    const balance = balances.get(market);
    if (balance === undefined) return { severity: 'blocker', subject: market, message: `${market} does not answer or refuses the API key: check its address and key (docs/GO-LIVE.md).` };
    const roubles = Math.floor(balance / 100);
    return roubles < env.VENDOR_BALANCE_WARN
      ? { severity: 'warning', subject: market, message: `${market} answers; the store's balance there is ${roubles} RUB, under VENDOR_BALANCE_WARN (${env.VENDOR_BALANCE_WARN}): withdrawals will wait until it is topped up.` }
      : { severity: 'ok', subject: market, message: `${market} answers; the store's balance there is ${roubles} RUB.` };
  });
}

const MARK: Record<Severity, string> = { blocker: 'BLOCKS', warning: 'CHECK ', ok: 'ok    ' };

/** The report as the operator reads it in a terminal. */
export function formatDoctorReport(r: DoctorReport, offline: boolean): string {
  const lines = r.findings.map((f) => `${MARK[f.severity]}  ${f.message}`);
  if (offline) lines.push('CHECK   --offline: the providers were not asked whether they answer.');
  if (r.callbacks.length) {
    lines.push('', 'Notification (callback) addresses:');
    for (const c of r.callbacks) lines.push(`  ${c.provider}: ${c.url}`, `    ${c.note}`);
  }
  lines.push('', r.blocked ? 'Not ready: a production start would refuse, or a provider is not reachable. Mend every BLOCKS line.' : 'Ready for a production start.');
  return lines.join('\n');
}
