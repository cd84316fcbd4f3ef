import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';
import type { Env } from '../config/env.ts';
import { pooledRandomBytes } from '../platform/random-pool.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonce for scripts: the server render puts it on every script it writes. */
    scriptNonce: string;
  }
  interface FastifyInstance {
    /** Sets the headers on a reply no route saw: the answers of Fastify's `frameworkErrors`. */
    securityHeaders(req: FastifyRequest, reply: FastifyReply): void;
  }
}

// One nonce per response, made by whichever asks first: helmet writing the policy, or the
// server render reading reply.scriptNonce. Keyed by the raw response, which both can see.
const nonces = new WeakMap<ServerResponse, string>();
function nonceFor(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) nonces.set(res, (nonce = pooledRandomBytes(16).toString('base64')));
  return nonce;
}

/**
 * Security headers on every response (DESIGN, Security): a Content-Security-Policy whose
 * scripts need this response's nonce, nosniff, the referrer policy, no framing, and HSTS when
 * the store is served over https. Registered first, so errors and 404s carry them too.
 */
export async function securityHeaders(app: FastifyInstance, env: Env) {
  // Our own nonce rather than helmet's enableCSPNonces: that one also nonces style-src, and a
  // nonce there switches off 'unsafe-inline', which React's style attributes need.
  app.decorateReply('scriptNonce', {
    getter(this: FastifyReply) {
      return nonceFor(this.raw);
    },
  });
  const https = env.PUBLIC_URL?.startsWith('https:') ?? false;
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${nonceFor(res)}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Remote item art comes from the catalogue's own https addresses.
        // Pictures of players who signed in with a real provider come from the provider's image hosts.
        'img-src': [
          "'self'",
          'data:',
          ...(env.IMAGE_SOURCE === 'remote' ? ['https:'] : []),
          ...(env.SIGNIN_PROVIDER === 'real' ? ['https://avatars.steamstatic.com', 'https://*.googleusercontent.com', 'https://*.userapi.com'] : []),
        ],
        // 'self' covers the same-origin websocket at /ws too (CSP 3 matches ws: and wss: to it).
        // A configured tracking or experiments service is another origin the page talks to (decision 051).
        'connect-src': ["'self'", ...new Set([env.ANALYTICS_URL, env.EXPERIMENTS_URL].filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin))],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
  };
  await app.register(fastifyHelmet, options);
  // A URL that does not decode never reaches the hooks; its error answer gets the same headers.
  // (@fastify/helmet types its options with helmet's CommonJS declarations, we import the ESM ones.)
  const direct = helmet(options as Parameters<typeof helmet>[0]);
  app.decorate('securityHeaders', (req: FastifyRequest, reply: FastifyReply) =>
    direct(req.raw, reply.raw, (err?: unknown) => {
      if (err) throw err;
    }),
  );
}
