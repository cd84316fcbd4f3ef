import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@store/shared/api/common';
import { errorCatalogue, type ErrorCode } from '@store/shared/errors';
import { OPERATOR_PERMISSIONS, OPERATOR_ROLES, type OperatorAction } from '@store/shared/operators';
import type { Env } from '../config/env.ts';
import { FEATURE_ROUTES } from '../modules/platform/feature-gates.ts';
import { closedByTechWork } from '../modules/platform/tech-work-gate.ts';
import { SESSION_COOKIE } from '../http/auth.ts';

/**
 * Who may call an operation: anyone; anyone, answered differently when signed in; anyone naming a
 * player, or else the signed-in player (a guest naming nobody is asked to sign in); a player; an operator.
 */
export type Caller = 'guest' | 'anyone' | 'self-or-named' | 'player' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, for a handler that reaches the player through a helper the document cannot read. */
    caller?: Caller;
    /**
     * The catalogue codes the handler, and what it calls, may refuse with: the domain's refusals
     * (`balance_error`, `battle_full`...). The document adds the ones every such route answers
     * (bad input, sign-in, operator roles, a switched-off feature, a rate limit) by itself.
     */
    errors?: readonly ErrorCode[];
  }
}

// A handler that refuses guests calls one of these with the request; a bundler may suffix a digit
// or call it as `(0, module.requireUser)(req)`.
const REFUSES_GUESTS = /\b(?:requireUser|battleUser)\d*\)?\(/;
const SELF_OR_NAMED = /\bsubjectOf\d*\)?\(/;
const READS_CALLER = /\bauthUser\b|\brequestToken\d*\)?\(/;
// The battles ask a guest to sign in with a message of their own.
const BATTLE_SIGN_IN = /\b(?:battleUser|subjectOf)\d*\)?\(/;

export interface RouteCaller {
  caller: Caller;
  /** The code a guest is refused with. */
  signIn: ErrorCode;
}

/**
 * Who may call a route, read from what it declares: `config.caller`, the operator guard's
 * `operatorAction`, or else the handler asking for the signed-in player (`requireUser`) or merely
 * looking at them. A handler that asks through a helper of its own names `config.caller`.
 */
export function callerOf(route: Pick<RouteOptions, 'config' | 'handler'>): RouteCaller {
  const config = route.config as { operatorAction?: string; caller?: Caller } | undefined;
  const source = String(route.handler);
  const signIn: ErrorCode = BATTLE_SIGN_IN.test(source) ? 'error_battle_authorize' : 'authentication';
  const caller: Caller = config?.caller
    ? config.caller
    : config?.operatorAction
      ? 'operator'
      : SELF_OR_NAMED.test(source)
        ? 'self-or-named'
        : REFUSES_GUESTS.test(source)
          ? 'player'
          : READS_CALLER.test(source)
            ? 'anyone'
            : 'guest';
  return { caller, signIn };
}

const signedIn: Record<string, string[]>[] = [{ bearer: [] }, { session: [] }];
const SECURITY: Record<Caller, Record<string, string[]>[]> = {
  guest: [],
  // `{}` last: the call works without credentials too.
  anyone: [...signedIn, {}],
  'self-or-named': [...signedIn, {}],
  player: signedIn,
  operator: signedIn,
};

/** `/api/v1/cases/:name/open` → `postV1CasesByNameOpen`: stable, unique, and readable in a generated client. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((s, i) => s && !(i === 1 && s === 'api'))
    .flatMap((s) => (s.startsWith(':') ? ['by', ...s.slice(1).split(/[^A-Za-z0-9]+/)] : s.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

interface ErrorAnswers {
  codes: Partial<Record<number, ErrorCode[]>>;
}

/**
 * The catalogue codes an operation answers, each under its catalogue status: first those of any
 * such route (bad input, no or the wrong caller, a switch, a limit), then the ones its route
 * declares in `config.errors`.
 */
function errorAnswers(route: RouteOptions, method: string, { caller, signIn }: RouteCaller, gated: Set<string>): ErrorAnswers {
  const codes: Partial<Record<number, ErrorCode[]>> = {};
  const add = (code: ErrorCode) => {
    const listed = (codes[errorCatalogue[code].status] ??= []);
    if (!listed.includes(code)) listed.push(code);
  };
  add('validation');
  if (caller === 'player' || caller === 'operator' || caller === 'self-or-named') {
    add(signIn);
    add('account_blocked');
  }
  if (caller === 'operator') {
    add('operator_only');
    const roles: readonly string[] = OPERATOR_PERMISSIONS[(route.config as { operatorAction: OperatorAction }).operatorAction];
    if (roles.length < OPERATOR_ROLES.length) add('admin_only');
  }
  if (gated.has(`${method} ${route.url}`)) add(route.url.startsWith('/api/v1/techies') ? 'techies_disabled' : 'feature_disabled');
  if (closedByTechWork(method, route.url)) add('tech_work');
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) add('too_many_requests');
  for (const code of route.config?.errors ?? []) add(code);
  return { codes };
}

const TAGS: Record<string, string> = {
  auth: 'Signing in and out, sessions and sign-in providers.',
  users: 'The signed-in player and public profiles.',
  account: 'Profile, language, e-mail and subscription settings of the signed-in player.',
  missions: 'Quick and social missions and their rewards.',
  push: 'Web push subscriptions and the push missions.',
  pwa: 'The bonus for installing the store as an app.',
  cases: 'Case sections, a case and opening it.',
  inventory: 'The player’s items: listing, selling, replacing and withdrawing them.',
  live: 'The live drop feed and the footer figures.',
  upgrades: 'Upgrading items into a dearer one, and the upgrade history.',
  contracts: 'Contracts: several items in, one item out.',
  payments: 'Deposits, bonus levels and promo codes.',
  offers: 'Offers of the secret shop and the offer triggers.',
  battles: 'Case battles: creating, joining, playing and their history.',
  levels: 'Player levels, daily and free cases.',
  notifications: "Messages outside the site: the player's Telegram chat with the store's bot and Telegram's webhook.",
  leaderboards: 'Leaderboards and their rewards.',
  events: 'The seasonal event, its pass, cases and raffle.',
  techies: 'The techies game.',
  'provably-fair': 'Seeds and the data to recompute any roll.',
  platform: 'Configuration, health and readiness of the store.',
  content: 'Content pages.',
  seo: 'Titles and descriptions of the web pages.',
  catalogue: 'Item art and the catalogue.',
  admin: 'The operator console (operators only; some calls administrators only).',
  sandbox: 'Sandboxes of outside services the store serves itself when no provider is configured: the tracking and experiments services.',
};

const errorEnvelopeSchema = z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0' });

/** The error answers of one status: the envelope, and the codes this operation can answer with. */
function errorResponse(status: number, codes: ErrorCode[]) {
  const listed = codes.map((c) => `\`${c}\` (${errorCatalogue[c].en})`).join('; ');
  return {
    description: `Refused: ${listed}. The body is the error envelope; \`message\` is in the language of \`X-Client-Language\`.`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ErrorEnvelope' },
            { type: 'object', properties: { code: { type: 'string', enum: codes } } },
          ],
        },
      },
    },
  };
}

type JsonSchema = { [key: string]: unknown; type?: unknown; nullable?: boolean; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

/**
 * Mends what zod's OpenAPI 3.0 output says loosely: `nullable` needs a `type` beside it (a nullable
 * union of objects gets `type: object`; a nullable "anything" is just "anything"), and a tuple of
 * equal members is one member.
 */
export function mendSchema(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(mendSchema);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  for (const value of Object.values(schema)) mendSchema(value);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (members && members.length > 1 && members.every((m) => JSON.stringify(m) === JSON.stringify(members[0]))) {
      delete schema[key];
      Object.assign(schema, members[0]);
    }
  }
  if (schema.nullable && schema.type === undefined) {
    const members = schema.anyOf ?? schema.oneOf;
    const types = new Set(members?.map((m) => m.type));
    if (members && types.size === 1 && !types.has(undefined)) schema.type = members[0]!.type;
    else if (!members) delete schema.nullable;
  }
}

type Operation = { operationId?: string; responses?: Record<string, unknown>; tags?: string[] };

/**
 * The OpenAPI document at `/api/docs` (decision 037) and its reference page at `/api/reference`.
 * Every operation gets, from what its route declares: an operationId from its method and path,
 * its security, tags, and its error answers in the envelope with their codes. Its summary is the
 * route's own: the document refuses to build while one is missing.
 */
export async function registerApiDocument(app: FastifyInstance, env: Env) {
  const gated = new Set(Object.values(FEATURE_ROUTES).flat());
  // Filled as the routes are transformed, read when the whole document is finished.
  const answers = new Map<string, ErrorAnswers>();
  const server = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : '/';
  // Read as each route is added, before the websocket plugin wraps every handler in its own.
  const callers = new WeakMap<object, RouteCaller>();
  app.addHook('onRoute', (route) => void callers.set(route, callerOf(route)));

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Case store API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: `{status: true, data}` on success, `{status: false, code, message, params}` on failure, ' +
          'with a code of the error catalogue. API clients send `Authorization: Bearer <token>`; the web app uses the session ' +
          `cookie \`${SESSION_COOKIE}\`, honoured only on requests from the store's own pages.`,
      },
      servers: [{ url: server, description: env.PUBLIC_URL ? 'This store' : 'The store that serves this document' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A session token from sign-in (`/api/v1/auth/login`, `/api/v1/auth/registration/quick`).',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The web app’s session cookie; only requests from the store’s own pages may use it.',
          },
        },
      },
    },
    transform: (input) => {
      const { route } = input;
      const result = jsonSchemaTransform(input);
      const schema = result.schema as (FastifySchema & { hide?: boolean; operationId?: string }) | undefined;
      if (schema?.hide) return result;
      const caller = callers.get(route) ?? callerOf(route);
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      const method = methods[0]!;
      // An integrator reads what a call does here; a path's words would only repeat the path.
      if (!schema?.summary) throw new Error(`${methods.join(',')} ${route.url} has no summary: write one in its route's schema (decision 037)`);
      for (const m of methods) answers.set(`${m.toLowerCase()} ${input.url}`, errorAnswers(route, m, caller, gated));
      return {
        url: result.url,
        schema: {
          ...schema,
          operationId: schema.operationId ?? operationIdOf(method, route.url),
          security: schema.security ?? SECURITY[caller.caller],
        },
      };
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('the store writes an OpenAPI 3 document');
      const { openapiObject } = input;
      openapiObject.components!.schemas = { ...openapiObject.components!.schemas, ErrorEnvelope: errorEnvelopeSchema as never };
      const seen = new Map<string, string>();
      for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
          const url = path.replace(/\{(\w+)\}/g, ':$1');
          const found = answers.get(`${method} ${url}`);
          if (!found) continue;
          for (const [status, codes] of Object.entries(found.codes))
            operation.responses = { ...operation.responses, [status]: errorResponse(Number(status), codes!) };
          const id = operation.operationId!;
          if (seen.has(id)) throw new Error(`two operations share the operationId ${id}: ${seen.get(id)} and ${method} ${path}`);
          seen.set(id, `${method} ${path}`);
        }
      }
      mendSchema(openapiObject.paths);
      return openapiObject;
    },
  });

  // Swagger UI's page loads its scripts and styles from beside it, so the store's CSP lets it run.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/reference',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
  });
}
