import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCatalogue, type ErrorCode } from '@store/shared/errors';
import { OPERATOR_PERMISSIONS, OPERATOR_ROLES, type OperatorAction } from '@store/shared/operators';
import type { Env } from '../config/env.ts';
import { FEATURE_ROUTES } from '../modules/platform/feature-gates.ts';
import { closedByTechWork } from '../modules/platform/tech-work-gate.ts';
import { SESSION_COOKIE } from '../http/auth.ts';
import { API_COMPONENT_IDS } from './api-components.ts';
import { API_EXAMPLES, type ApiExample, type ApiExamples } from './api-examples.ts';

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
// A handler that honours `Idempotency-Key` reads it with `idempotencyKey(req)` (wallet/idempotency.ts).
const READS_IDEMPOTENCY_KEY = /\bidempotencyKey\d*\)?\(/;

export interface RouteCaller {
  caller: Caller;
  /** The code a guest is refused with. */
  signIn: ErrorCode;
}

/**
 * Whether a route honours `Idempotency-Key`: its handler reads the header, or it declares the
 * refusal only a reused key gives (`idempotency_key_reused`), as one that reads it through a
 * helper of its own does (the inventory's sales).
 */
export function honoursIdempotencyKey(route: Pick<RouteOptions, 'config' | 'handler'>): boolean {
  return READS_IDEMPOTENCY_KEY.test(String(route.handler)) || (route.config?.errors ?? []).includes('idempotency_key_reused');
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
function errorAnswers(
  route: RouteOptions,
  method: string,
  { caller, signIn }: RouteCaller,
  gated: Set<string>,
  idempotent: boolean,
): ErrorAnswers {
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
  if (idempotent) add('idempotency_key_reused');
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

/** The header's one declaration, referred to by every operation that honours it (`honoursIdempotencyKey`). */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    "Makes the call safe to send again after a lost answer: a key of the caller's choosing (at most 128 characters), kept per signed-in caller. " +
    'The call runs at most once per caller and key: sent again with the same key and the same call (method, route, path parameters, query and body), ' +
    'it answers what the first call answered and moves nothing again; a retry that arrives while the first still runs waits for it; ' +
    'a first call that was refused or failed kept nothing, so its retry runs. The same key with another call is refused with 422 `idempotency_key_reused`. ' +
    'Without the header every call runs.',
  schema: { type: 'string', maxLength: 128 },
};

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

type JsonSchema = {
  [key: string]: unknown;
  $ref?: string;
  type?: unknown;
  nullable?: boolean;
  description?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
};
type Schemas = Record<string, JsonSchema>;

const SCHEMAS = '#/components/schemas/';
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
/** The member that lets null through beside a reference (`mendSchema`). */
const isNullMember = (schema: JsonSchema | undefined) => Array.isArray(schema?.enum) && schema.enum.length === 1 && schema.enum[0] === null;
/**
 * The one reference a schema is: alone, as the single member of `allOf` (how zod writes a refined
 * one), or beside the null member of a nullable one.
 */
function refOf(schema: JsonSchema): string | undefined {
  if (schema.$ref) return schema.$ref;
  if (schema.allOf?.length === 1) return schema.allOf[0]!.$ref;
  if (schema.anyOf?.length === 2 && isNullMember(schema.anyOf[1])) return schema.anyOf[0]!.$ref;
  return undefined;
}
const isNullable = (schema: JsonSchema) => Boolean(schema.nullable) || isNullMember(schema.anyOf?.[1]);

/** The JSON type a schema's values have, looking through references and equal-typed unions. */
function typeOf(schema: JsonSchema | undefined, schemas: Schemas, depth = 0): unknown {
  if (!schema || depth > 10) return undefined;
  if (schema.type !== undefined) return schema.type;
  const ref = refOf(schema);
  if (ref) return typeOf(schemas[refName(ref)], schemas, depth + 1);
  const types = new Set((schema.anyOf ?? schema.oneOf)?.map((m) => typeOf(m, schemas, depth + 1)));
  return types.size === 1 ? [...types][0] : undefined;
}

/**
 * Mends what zod's OpenAPI 3.0 output says loosely. `nullable` needs a `type` beside it (a nullable
 * union of objects gets its members' type; a nullable "anything" is just "anything"), and a
 * nullable `enum` lists null. A nullable reference (`nullable` beside `allOf: [$ref]`) lets no null
 * through the reference, so null becomes a member of its own: `anyOf: [$ref, {enum: [null]}]`.
 * A tuple of equal members is one member, and `allOf` of one reference and nothing else is that
 * reference.
 */
export function mendSchema(node: unknown, schemas: Schemas = {}): void {
  if (Array.isArray(node)) return node.forEach((n) => mendSchema(n, schemas));
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  for (const value of Object.values(schema)) mendSchema(value, schemas);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (members && members.length > 1 && members.every((m) => JSON.stringify(m) === JSON.stringify(members[0]))) {
      delete schema[key];
      Object.assign(schema, members[0]);
    }
  }
  const only = schema.allOf?.length === 1 ? schema.allOf[0]! : undefined;
  if (only?.$ref && schema.nullable) {
    const type = typeOf(only, schemas);
    if (type !== undefined) {
      delete schema.allOf;
      delete schema.nullable;
      delete schema.type;
      schema.anyOf = [{ $ref: only.$ref }, { type, nullable: true, enum: [null] }];
    }
  }
  if (only?.$ref && schema.allOf && Object.keys(schema).length === 1) {
    schema.$ref = only.$ref;
    delete schema.allOf;
  }
  if (schema.nullable && schema.type === undefined) {
    const type = typeOf(schema, schemas);
    if (type !== undefined) schema.type = type;
    else if (!schema.anyOf && !schema.oneOf && !schema.allOf) delete schema.nullable;
  }
  if (schema.nullable && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
}

const lowerFirst = (text: string) => text[0]!.toLowerCase() + text.slice(1);
const clause = (text: string) => lowerFirst(text.replace(/\.$/, ''));
// `an UpgradeResult`, `a User`.
const named = (name: string) => `${/^(?:[AEIO]|U(?!s))/.test(name) ? 'an' : 'a'} \`${name}\``;

/** A field's value in a few words: the component it is, a list of one, or its plain type. */
function fieldNote(schema: JsonSchema): string {
  const orNull = isNullable(schema) ? ' or null' : '';
  const ref = refOf(schema);
  if (ref) return `${named(refName(ref))}${orNull}`;
  const item = schema.type === 'array' && schema.items ? refOf(schema.items) : undefined;
  if (item) return `a list of \`${refName(item)}\`${orNull}`;
  if (Array.isArray(schema.enum) && schema.enum.length <= 4) return `${schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' or ')}`;
  if (schema.type === 'array') return `a list${orNull}`;
  if (schema.properties) return `an object${orNull}`;
  return schema.type ? `${String(schema.type)}${orNull}` : 'any value';
}
const fieldsOf = (schema: JsonSchema) =>
  Object.entries(schema.properties ?? {})
    .map(([name, field]) => `\`${name}\` (${fieldNote(field)})`)
    .join(', ');

/** What a value is, in words: a component by its name and what it says of itself, a list, an object by its fields. */
function what(schema: JsonSchema, schemas: Schemas): string {
  const ref = refOf(schema);
  const orNull = isNullable(schema) ? ', or null' : '';
  if (ref) {
    const name = refName(ref);
    const about = schemas[name]?.description;
    return `${named(name)}${about ? ` (${clause(about)})` : ''}${orNull}`;
  }
  if (schema.description) return `${clause(schema.description)}${orNull}`;
  if (schema.type === 'array') {
    const item = schema.items ? refOf(schema.items) : undefined;
    if (item) return `a list of \`${refName(item)}\` (each ${clause(schemas[refName(item)]?.description ?? refName(item))})${orNull}`;
    if (schema.items?.properties) return `a list of objects with ${fieldsOf(schema.items)}${orNull}`;
    return `a list${schema.items?.type ? ` of ${String(schema.items.type)}s` : ''}${orNull}`;
  }
  if (schema.properties) return `an object with ${fieldsOf(schema)}${orNull}`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}${orNull}`;
  if (schema.anyOf ?? schema.oneOf) return `one of ${(schema.anyOf ?? schema.oneOf)!.map((m) => what(m, schemas)).join('; or ')}${orNull}`;
  return schema.type ? `a ${String(schema.type)}${orNull}` : 'any JSON value';
}

/**
 * What a success answer carries, from its schema: the envelope's `data` named by its component
 * (and what that component says of itself), or by its fields, and the paginator beside a paged list.
 */
function answerDescription(schema: JsonSchema, schemas: Schemas): string {
  const { status, data, paginator, ...others } = schema.properties ?? {};
  if (!status || !data) return `${what(schema, schemas).replace(/^./, (c) => c.toUpperCase())}.`;
  const beside = Object.keys(others)
    .map((k) => ` and \`${k}\``)
    .join('');
  return (
    `The envelope \`{status: true, data}\`, where \`data\` is ${what(data, schemas)}` +
    (paginator ? `; \`paginator\` beside it (a \`Paginator\`) says which page of the list this is` : '') +
    `${beside ? `; beside it${beside}` : ''}.`
  );
}

/** A value's fields zod dropped when it parsed it: the ones its schema no longer has. */
function droppedFields(value: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(value) && Array.isArray(parsed)) return value.flatMap((v, i) => droppedFields(v, parsed[i], `${at}[${i}]`));
  if (!value || typeof value !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k in parsed ? droppedFields(v, (parsed as Record<string, unknown>)[k], `${at}.${k}`) : [`${at}.${k}`],
  );
}

/**
 * Refuses an example its route's own schemas no longer accept: the request by the body schema the
 * route validates with, the answer by the 200 schema it serialises with (a field the schema does
 * not have, which zod would drop, counts as a mismatch).
 */
function checkExample(operationId: string, schema: FastifySchema, example: ApiExample): void {
  const problems: string[] = [];
  const check = (part: string, zod: unknown, value: unknown) => {
    if (!(zod instanceof z.ZodType)) return void problems.push(`${part}: the route declares no schema for it`);
    const parsed = zod.safeParse(value);
    if (!parsed.success) return void problems.push(`${part}: ${z.prettifyError(parsed.error)}`);
    const dropped = droppedFields(value, parsed.data);
    if (dropped.length) problems.push(`${part}: fields its schema does not have: ${dropped.join(', ')}`);
  };
  if (example.request !== undefined) check('request', schema.body, example.request);
  check('response', (schema.response as Record<string, unknown> | undefined)?.[200], example.response);
  if (problems.length)
    throw new Error(
      `the example of ${operationId} no longer matches its route's schemas (run scripts/api-examples.ts): ${problems.join('; ')}`,
    );
}

/** Calls `visit` with every object under a node that holds a `$ref`. */
function eachRef(node: unknown, visit: (holder: { $ref: string }) => void): void {
  if (Array.isArray(node)) return node.forEach((n) => eachRef(n, visit));
  if (!node || typeof node !== 'object') return;
  if (typeof (node as { $ref?: unknown }).$ref === 'string') visit(node as { $ref: string });
  for (const value of Object.values(node)) eachRef(value, visit);
}

/**
 * zod writes every registered schema twice, as answers give it (`Item`) and as requests send it
 * (`ItemInput`). An input twin that reads the same as its answer is dropped for it, and a component
 * no operation reaches is dropped.
 */
function tidyComponents(document: { paths?: unknown; components: { schemas: Schemas; responses?: unknown; parameters?: unknown } }) {
  const { schemas } = document.components;
  const renamed = new Map<string, string>();
  const written = (schema: JsonSchema) =>
    JSON.stringify(schema).replace(/"#\/components\/schemas\/(\w+)"/g, (_, n: string) => `"${renamed.get(n) ?? n}"`);
  for (let changed = true; changed;) {
    changed = false;
    for (const name of Object.keys(schemas)) {
      const twin = name.replace(/Input$/, '');
      if (twin === name || renamed.has(name) || !schemas[twin] || written(schemas[name]!) !== written(schemas[twin]!)) continue;
      renamed.set(name, twin);
      changed = true;
    }
  }
  const rename = (holder: { $ref: string }) => {
    const twin = holder.$ref.startsWith(SCHEMAS) ? renamed.get(refName(holder.$ref)) : undefined;
    if (twin) holder.$ref = SCHEMAS + twin;
  };
  eachRef(document.paths, rename);
  eachRef(schemas, rename);
  const used = new Set<string>();
  const reach = (holder: { $ref: string }) => {
    const name = refName(holder.$ref);
    if (!holder.$ref.startsWith(SCHEMAS) || used.has(name)) return;
    used.add(name);
    eachRef(schemas[name], reach);
  };
  for (const part of [document.paths, document.components.responses, document.components.parameters]) eachRef(part, reach);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

const pascal = (code: string) => code.replace(/(?:^|_)(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The error answers several operations share (the same status and codes) become one response under
 * `components.responses` each, named by them (`Refused400Validation`), referred to from each.
 */
function shareErrorAnswers(paths: Record<string, Record<string, Operation>>, responses: Record<string, unknown>) {
  const uses = new Map<string, number>();
  const each = (fn: (operation: Operation, status: string, key: string) => void) => {
    for (const item of Object.values(paths))
      for (const operation of Object.values(item))
        for (const [status, answer] of Object.entries(operation.responses ?? {}))
          if (/^[45]/.test(status)) fn(operation, status, JSON.stringify(answer));
  };
  each((_, __, key) => uses.set(key, (uses.get(key) ?? 0) + 1));
  each((operation, status, key) => {
    if (uses.get(key)! < 2) return;
    const answer = JSON.parse(key) as ReturnType<typeof errorResponse>;
    const name = `Refused${status}${answer.content['application/json'].schema.allOf[1]!.properties!.code.enum.map(pascal).join('')}`;
    responses[name] = answer;
    operation.responses![status] = { $ref: `#/components/responses/${name}` };
  });
}

type MediaType = { schema?: JsonSchema; example?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  responses?: Record<string, { description?: string; content?: Record<string, MediaType>; $ref?: string }>;
  requestBody?: { content?: Record<string, MediaType> };
  parameters?: unknown[];
  tags?: string[];
};

/** What the document knows of an operation once its route is transformed. */
interface RouteDocs {
  errors: ErrorAnswers;
  idempotent: boolean;
  example?: ApiExample;
}

/**
 * The OpenAPI document at `/api/docs` (decision 037) and its reference page at `/api/reference`.
 * Every operation gets, from what its route declares: an operationId from its method and path,
 * its security, tags, its error answers in the envelope with their codes, the `Idempotency-Key`
 * header where it honours it, a description of its success answer, and the example of its project
 * where there is one (every project's are checked against the route's schemas). Its summary is the
 * route's own: the document refuses to build while one is missing. The shapes `api-components.ts`
 * registers are components, and the refusals several operations share are shared responses.
 */
export async function registerApiDocument(app: FastifyInstance, env: Env, opts: { examples?: ApiExamples } = {}) {
  const gated = new Set(Object.values(FEATURE_ROUTES).flat());
  const allExamples = opts.examples ?? API_EXAMPLES;
  const examples = allExamples[env.PROJECT] ?? {};
  // Filled as the routes are transformed, read when the whole document is finished.
  const docs = new Map<string, RouteDocs>();
  const server = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : '/';
  // Read as each route is added, before the websocket plugin wraps every handler in its own.
  const read = new WeakMap<object, { caller: RouteCaller; idempotent: boolean }>();
  app.addHook('onRoute', (route) => void read.set(route, { caller: callerOf(route), idempotent: honoursIdempotencyKey(route) }));
  // fastify-type-provider-zod's transforms: a schema registered with an id (api-components.ts) is
  // a component, and a reference wherever a route's schema uses it.
  const zodToJsonConfig = { target: 'openapi-3.0' } as const;
  const transformRoute = createJsonSchemaTransform({ zodToJsonConfig });
  const transformComponents = createJsonSchemaTransformObject({ zodToJsonConfig });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Case store API',
        version: '1.0.0',
        description:
          'Every answer is an envelope: `{status: true, data}` on success, `{status: false, code, message, params}` on failure, ' +
          'with a code of the error catalogue. API clients send `Authorization: Bearer <token>`; the web app uses the session ' +
          `cookie \`${SESSION_COOKIE}\`, honoured only on requests from the store's own pages. A call that takes an ` +
          '`Idempotency-Key` header (most of those that move money or items) declares it: with one, a call whose answer was lost can be sent again.',
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
      const result = transformRoute(input);
      const schema = result.schema as (FastifySchema & { hide?: boolean; operationId?: string }) | undefined;
      if (schema?.hide) return result;
      const { caller, idempotent } = read.get(route) ?? { caller: callerOf(route), idempotent: honoursIdempotencyKey(route) };
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      const method = methods[0]!;
      // An integrator reads what a call does here; a path's words would only repeat the path.
      if (!schema?.summary)
        throw new Error(`${methods.join(',')} ${route.url} has no summary: write one in its route's schema (decision 037)`);
      const operationId = schema.operationId ?? operationIdOf(method, route.url);
      // Every project's examples, so a run of either store's suite checks both.
      for (const [project, byId] of Object.entries(allExamples)) {
        const other = byId[operationId];
        if (other) checkExample(`${operationId} (${project})`, input.schema, other);
      }
      const example = examples[operationId];
      for (const m of methods)
        docs.set(`${m.toLowerCase()} ${input.url}`, { errors: errorAnswers(route, m, caller, gated, idempotent), idempotent, example });
      return { url: result.url, schema: { ...schema, operationId, security: schema.security ?? SECURITY[caller.caller] } };
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('the store writes an OpenAPI 3 document');
      const openapiObject = transformComponents(input) as typeof input.openapiObject;
      const components = openapiObject.components!;
      const schemas = components.schemas as Schemas;
      for (const id of API_COMPONENT_IDS) if (!schemas[id]) throw new Error(`the component ${id} is not in the document`);
      mendSchema(schemas, schemas);
      mendSchema(openapiObject.paths, schemas);
      const paths = openapiObject.paths as Record<string, Record<string, Operation>>;
      const seen = new Map<string, string>();
      for (const [path, item] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const url = path.replace(/\{(\w+)\}/g, ':$1');
          const found = docs.get(`${method} ${url}`);
          if (!found) continue;
          for (const [status, codes] of Object.entries(found.errors.codes))
            operation.responses = { ...operation.responses, [status]: errorResponse(Number(status), codes!) };
          for (const [status, answer] of Object.entries(operation.responses ?? {})) {
            const json = answer.content?.['application/json'];
            if (!/^2/.test(status) || answer.description !== 'Default Response') continue;
            // A streamed or non-JSON answer (a CSV export) is what its summary names.
            answer.description = json?.schema
              ? answerDescription(json.schema, schemas)
              : `${operation.summary}: the route declares no JSON schema for this answer.`;
          }
          if (found.idempotent)
            operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
          if (found.example) {
            const answer = operation.responses?.['200']?.content?.['application/json'];
            const body = operation.requestBody?.content?.['application/json'];
            if (answer) answer.example = found.example.response;
            if (body && found.example.request !== undefined) body.example = found.example.request;
          }
          const id = operation.operationId!;
          if (seen.has(id)) throw new Error(`two operations share the operationId ${id}: ${seen.get(id)} and ${method} ${path}`);
          seen.set(id, `${method} ${path}`);
        }
      }
      components.parameters = { ...components.parameters, IdempotencyKey: IDEMPOTENCY_KEY as never };
      const responses: Record<string, unknown> = { ...components.responses };
      shareErrorAnswers(paths, responses);
      components.responses = responses as typeof components.responses;
      tidyComponents(openapiObject as never);
      return openapiObject;
    },
  });

  // Swagger UI's page loads its scripts and styles from beside it, so the store's CSP lets it run.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/reference',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
  });
}
