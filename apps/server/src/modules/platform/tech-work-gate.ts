import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { TECH_WORK_RETRY_AFTER_S } from '../../http/ssr.ts';
import type { Switches } from './switches.ts';

/** Methods that only read: they stay open while the store is closed. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whole areas that stay open: the operator console (operators turn tech-work off there) and the sandboxes of outside services. */
const OPEN_PREFIXES = ['/api/v1/admin/', '/api/sandbox/'];

/**
 * The state-changing calls that stay open while the store is closed for technical work, each with
 * its reason. Every other POST, PUT, PATCH or DELETE of the API answers `tech_work`.
 */
export const OPEN_DURING_TECH_WORK: Readonly<Record<string, string>> = {
  'POST /api/v1/auth/login': 'an operator signs in to reach the console',
  'POST /nitro-api/login': 'the web server takes up the session an operator signed in with',
  'POST /api/v1/auth/revoke': 'signing out never has to wait',
  'POST /api/v1/auth/revoke/all': 'signing out never has to wait',
  'POST /api/v1/auth/sessions/:id/revoke': 'a player ends a session someone else holds',
  // A provider has taken the player's money: the deposit must land, whatever the store shows.
  'POST /api/v1/payments/callback/:provider': 'the payment provider reports money paid',
  'POST /api/v1/live_drop': 'a read sent as POST',
  'POST /api/v1/seo/get': 'a read sent as POST',
  'POST /api/battles/open': 'a read sent as POST (how many watch a battle)',
  'POST /api/battles/close': 'a read sent as POST (how many watch a battle)',
};

const PAYMENT_CALLBACK_PREFIX = '/api/v1/payments/callback/';

/** A route's entry in the table: the payment callback's path names the configured provider. */
const tableKey = (method: string, url: string) =>
  `${method} ${url.startsWith(PAYMENT_CALLBACK_PREFIX) ? `${PAYMENT_CALLBACK_PREFIX}:provider` : url}`;

/** Whether tech-work closes this route: a state-changing call of the API that no entry above keeps open. */
export function closedByTechWork(method: string, url: string): boolean {
  if (READS.has(method)) return false;
  if (!url.startsWith('/api/') && !url.startsWith('/nitro-api/')) return false;
  // The catch-all of unknown API paths keeps answering not_found.
  if (url === '/api/*') return false;
  if (OPEN_PREFIXES.some((p) => url.startsWith(p))) return false;
  return !Object.hasOwn(OPEN_DURING_TECH_WORK, tableKey(method, url));
}

/**
 * While an operator has the store closed for technical work (`npm run admin -- techwork on`), every
 * state-changing call of the API is refused with `tech_work` (503, with Retry-After) before its
 * body is read: no money moves and no item changes. The switch is each process's copy of the shared
 * one (switches.ts), so every process closes within the bus's round trip. Reads stay open, an
 * account with an operator role keeps every call, and so does what signing in and the payment
 * provider need (the table above); an entry of the table that
 * names no route stops the start, so a renamed callback cannot end up closed unnoticed.
 */
export function installTechWorkGate(app: FastifyInstance, switches: () => Switches) {
  const seen = new Set<string>();
  const gate = async (req: FastifyRequest, reply: FastifyReply) => {
    // Operators keep the whole store, as the web gives it to them (decision 029): they check it before reopening.
    if (!switches().techWork().on || req.authUser?.role) return;
    reply.header('retry-after', String(TECH_WORK_RETRY_AFTER_S)).header('cache-control', 'no-store');
    throw new AppError('tech_work');
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    for (const m of methods) seen.add(tableKey(m, route.url));
    if (!methods.some((m) => closedByTechWork(m, route.url))) return;
    // A route that also answers reads (GET and POST on one path) closes only its writes.
    const guard = methods.every((m) => closedByTechWork(m, route.url))
      ? gate
      : async (req: FastifyRequest, reply: FastifyReply) => {
          if (closedByTechWork(req.method, route.url)) await gate(req, reply);
        };
    // First of the route's own hooks: tech-work answers before a feature gate or a rate limit does.
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(OPEN_DURING_TECH_WORK).filter((k) => !seen.has(k));
    if (missing.length) throw new Error(`the tech-work table keeps open routes that do not exist: ${missing.join(', ')}`);
  });
}
