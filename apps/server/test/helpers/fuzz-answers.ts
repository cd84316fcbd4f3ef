import { isErrorCode } from '@store/shared/errors';

/** One request the store answered wrongly, with everything needed to send it again. */
export interface Offence {
  request: { what: string; auth: string; method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };
  status: number;
  body: string;
  problem: string;
}

/**
 * What is wrong with an answer, or null when it is one the API promises: never a 5xx; a 4xx
 * is the envelope `{status: false, code, message, params}` with a catalogue code and a text;
 * a 2xx is `{status: true, data}` (unless the operation documents another success body).
 */
export function answerProblem(status: number, contentType: string | undefined, body: string, envelope = true): string | null {
  if (status >= 500) return `server error ${status}`;
  if (status < 200 || (status >= 300 && status < 400)) return `unexpected status ${status}`;
  let parsed: any;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON (content-type ${contentType ?? 'none'})`;
  }
  if (!contentType?.startsWith('application/json')) return `content-type ${contentType ?? 'none'}`;
  if (status >= 400) {
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'a 4xx that is not an object';
    if (parsed.status !== false) return 'a 4xx without status: false';
    if (!isErrorCode(parsed.code)) return `code ${JSON.stringify(parsed.code)} is not in the catalogue`;
    if (typeof parsed.message !== 'string' || !parsed.message.trim()) return 'a 4xx without a message';
    if (!parsed.params || typeof parsed.params !== 'object' || Array.isArray(parsed.params)) return 'a 4xx without params';
    const extra = Object.keys(parsed).filter((k) => !['status', 'code', 'message', 'params'].includes(k));
    if (extra.length) return `a 4xx with other keys: ${extra.join(', ')}`;
    return null;
  }
  if (!envelope) return parsed && typeof parsed === 'object' ? null : 'a 2xx that is not an object';
  if (!parsed || parsed.status !== true || !('data' in parsed)) return 'a 2xx that is not {status: true, data}';
  return null;
}

/**
 * What is wrong with a refusal the store answered for an operation, or null when the operation's
 * document lists its code under the status it came with. `validation` is listed everywhere, but
 * Fastify's own refusals (a body too large, a wrong content type) keep their statuses. A `not_found`
 * naming the path is the router's: no route matched what was sent, so no operation answered.
 */
export function refusalProblem(status: number, body: string, refusals: Record<number, string[]>): string | null {
  if (status < 400 || status >= 500) return null;
  const { code, params } = JSON.parse(body) as { code: string; params: Record<string, unknown> };
  if (code === 'validation' || (code === 'not_found' && typeof params.path === 'string')) return null;
  return refusals[status]?.includes(code) ? null : `code ${code} with status ${status} is not among the operation's documented refusals`;
}

/**
 * What is wrong with a 400 that refused the Idempotency-Key itself (too long): only a handler that
 * reads the key refuses it, so the operation must declare the header (decision 037).
 */
export function idempotencyProblem(status: number, body: string, idempotent: boolean): string | null {
  if (status !== 400 || idempotent) return null;
  const { code, params } = JSON.parse(body) as { code: string; params: { fields?: unknown } };
  const fields = Array.isArray(params.fields) ? params.fields : [];
  return code === 'validation' && fields.includes('idempotency-key')
    ? 'reads the Idempotency-Key, which the operation does not declare'
    : null;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
/** Control characters and lone surrogates written as escapes, so the report shows what was sent. */
const visible = (s: string) => JSON.stringify(s).slice(1, -1);

function showPayload(p: string | Buffer | undefined): string {
  if (p === undefined) return '(none)';
  if (Buffer.isBuffer(p)) return `bytes ${clip(p.toString('hex'), 120)}`;
  return clip(visible(p), 240);
}

/** Every offence in one message: a failing run shows all the holes at once, each reproducible with the seed. */
export function report(title: string, seed: number, offences: Offence[]): string {
  const lines = offences.map((o, i) => {
    const r = o.request;
    const headers = Object.entries(r.headers)
      .map(([k, v]) => `${k}: ${clip(visible(v), 80)}`)
      .join('; ');
    return [
      `${i + 1}. ${o.problem}: ${r.what} [${r.auth}]`,
      `   ${r.method} ${clip(visible(r.url), 200)}`,
      `   headers: ${headers || '(none)'}`,
      `   body: ${showPayload(r.payload)}`,
      `   → ${o.status} ${clip(visible(o.body), 300)}`,
    ].join('\n');
  });
  return `${title}: ${offences.length} wrong answer(s), FUZZ_SEED=${seed}\n${lines.join('\n')}`;
}
