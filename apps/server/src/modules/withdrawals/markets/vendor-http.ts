import http from 'node:http';
import https from 'node:https';
import { VendorUnreachable } from '../vendor.ts';

// Kept-alive sockets over node:http(s): a thousand withdrawals under way are a few requests a
// second each, and fetch spends several times the CPU per request.
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }) };

/**
 * One request to a marketplace: its status and text. A dropped connection or no answer within
 * `timeoutMs` is `VendorUnreachable`, as is a 5xx or a body that is not JSON: the purchase may or
 * may not exist, and only a later status lookup can tell.
 */
export function requestJson(url: URL, o: { timeoutMs: number; method?: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = lib.request(
      url,
      {
        method: o.method ?? 'GET',
        agent: agents[url.protocol as 'http:' | 'https:'],
        timeout: o.timeoutMs,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 500) return reject(new VendorUnreachable(`marketplace answered ${status}`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new VendorUnreachable(`marketplace answered ${status} with something that is not JSON`));
          }
        });
        res.on('error', (err) => reject(new VendorUnreachable(`marketplace unreachable: ${err.message}`)));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${o.timeoutMs} ms`)));
    req.on('error', (err) => reject(new VendorUnreachable(`marketplace unreachable: ${err.message}`)));
    req.end(payload);
  });
}

/** Appends query parameters; an array repeats its name. */
export function withQuery(base: string, params: Record<string, string | readonly string[] | undefined>): URL {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (typeof v === 'string') url.searchParams.set(k, v);
    else for (const one of v) url.searchParams.append(k, one);
  }
  return url;
}
