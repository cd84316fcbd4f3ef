import type { FastifyInstance } from 'fastify';
import { pooledRandomBytes } from '../platform/random-pool.ts';

/**
 * One structured line per request, instead of Fastify's two (decision 038): the route's pattern
 * (never the raw URL, whose query or path can carry a code, a token or a signature), the status
 * and the time taken, under the request's id. Failures (5xx) are always written; the rest at the
 * `sample` rate, so a busy production store keeps a picture of its traffic without a line for
 * every asset a page loads.
 */
export function installRequestLog(app: FastifyInstance, sample: number, random: () => number = Math.random) {
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    if (status < 500 && !(sample >= 1 || random() < sample)) return;
    const route = req.routeOptions.url;
    const line = {
      method: req.method,
      // A request no route matched has no pattern: its path alone, without the query, cut short.
      route: route ?? `unmatched ${req.url.split('?')[0]!.slice(0, 120)}`,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (status >= 500) req.log.error(line, 'request failed');
    else req.log.info(line, 'request');
  });
}

/** What a request id may be: a proxy's or a caller's, short and plain, so it is safe in a log line and a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The request's id: the X-Request-Id it came with when that is sane, else a new one of our own. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : pooledRandomBytes(8).toString('hex');
}

/** Every answer names its request, so a player's report or a proxy's log line leads to our log's. */
export function installRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}
