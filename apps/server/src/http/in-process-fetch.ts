import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers from this store itself through `app.inject`: the sandbox services it
 * serves (the identity provider) are called with the real HTTP requests of their protocol,
 * routed and parsed by Fastify, without a socket. It works before the store listens, behind any
 * proxy, and in tests that never listen.
 */
export function inProcessFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body;
    const payload = body === undefined || body === null ? undefined : body instanceof URLSearchParams ? body.toString() : typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      payload,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) v.forEach((x) => out.append(k, String(x)));
      else if (v !== undefined) out.set(k, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
}
