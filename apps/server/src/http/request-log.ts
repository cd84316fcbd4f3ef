import type { FastifyInstance } from 'fastify';

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
