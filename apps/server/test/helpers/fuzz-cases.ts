/**
 * Malformed requests derived from the OpenAPI document: for each operation a plausible request
 * built from its schemas, then one mutation at a time (a path or query value, a body field, the
 * body as a whole, a header). Everything random comes from one seed, so a case named in a
 * failure is sent again, byte for byte, by the next run with the same seed.
 */

import { dereferenced } from './openapi.ts';

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema & { allOf?: JsonSchema[] } }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body: JsonSchema | null;
  /** False when the documented success body is not `{status, data}` (the load balancer's health check). */
  envelope: boolean;
  /** The operation documents a 302 or 303: it sends the browser on (a sign-in start, a mailed link). */
  redirects: boolean;
  /** The catalogue codes the operation documents, by status (the `code` enum of each error answer). */
  refusals: Record<number, string[]>;
  /** The operation declares the `Idempotency-Key` header: the store honours it there. */
  idempotent: boolean;
}

export interface FuzzCase {
  /** What was mutated, e.g. `body.cases[0].count = 1e999`. */
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The case sets its own Authorization header, so sending it once is enough. */
  ownAuth?: boolean;
}

/** Values the store knows to be real (a case slug, the player's id): they carry a request past lookups into the deeper code. */
export type Hints = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: OpenApiDocument): Operation[] {
  const doc = dereferenced(document);
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const pick = (where: string) => params.filter((p) => p.in === where).map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema }));
      const success = op.responses?.['200']?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: pick('path'),
        queryParams: pick('query'),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        envelope: !success || Boolean(success.properties?.status && success.properties.data),
        redirects: Boolean(op.responses?.['302'] ?? op.responses?.['303']),
        refusals: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, r]) => [Number(status), (r.content?.['application/json']?.schema.allOf?.[1]?.properties?.code?.enum ?? []) as string[]]),
        ),
        idempotent: params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
      });
    }
  }
  return out;
}

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    /** A string mixing letters, control characters, quotes, astral characters and RTL marks. */
    garbage(length: number) {
      const pool = ['a', 'Z', '9', ' ', '"', "'", '\\', '/', '<', '>', '%', '&', '{', '\u0001', '\u0008', '\u001b', '\u007f', '\u00a0', '\u00e9', 'ж', '\u202e', '\ufeff', '\uffff', '😀', '\n', '\t'];
      let s = '';
      for (let i = 0; i < length; i++) s += pool[Math.floor(next() * pool.length)]!;
      return s;
    },
    token: (length = 43) => {
      const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      let s = '';
      for (let i = 0; i < length; i++) s += abc[Math.floor(next() * abc.length)]!;
      return s;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** JSON text written as is, for what JSON.stringify cannot say: `1e999`, `-0`, 2^53 + 1. */
class Raw {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new Raw(text);

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const ULID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A value the schema accepts, preferring a hint for the field's name. */
export function plausible(schema: JsonSchema, name: string, hints: Hints, rng: Random): unknown {
  if (name in hints) return hints[name];
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return plausible(schema.anyOf[0]!, name, hints, rng);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 1;
      return schema.exclusiveMinimum === true || min < 1 ? Math.max(1, min) : min;
    }
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [plausible(schema.items, name, hints, rng)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = plausible(s, k, hints, rng);
      return out;
    }
    default: {
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        const ulid = Array.from({ length: 26 }, () => rng.pick([...ULID_ALPHABET])).join('');
        const fit = ['fuzz', 'RU', ulid, 'default', '1'].find((c) => re.test(c));
        if (fit) return fit;
      }
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? 100);
    }
  }
}

/** Values of the wrong type or outside the range for a field of this schema; labels name them in reports. */
export function badValues(schema: JsonSchema, rng: Random): [label: string, value: unknown][] {
  const type = schema.enum ? 'enum' : schema.anyOf ? 'anyOf' : schema.type;
  const wrongTypes: [string, unknown][] = [
    ['null', null],
    ['true', true],
    ['object', { fuzz: 1 }],
    ['array', [1, 'x', null]],
  ];
  if (type !== 'string' && type !== 'enum') wrongTypes.push(['a word', 'fuzz']);
  if (type !== 'integer' && type !== 'number') wrongTypes.push(['a number', 7]);
  const numbers: [string, unknown][] = [
    ['-1', -1],
    ['0', 0],
    ['-0', raw('-0')],
    ['0.5', 0.5],
    ['1e-7', 1e-7],
    ['2^31', 2147483648],
    ['2^53+1', raw('9007199254740993')],
    ['-2^53-1', raw('-9007199254740993')],
    ['1e308', raw('1e308')],
    ['1e999 (Infinity)', raw('1e999')],
    ['-1e999', raw('-1e999')],
    ['"NaN"', 'NaN'],
    ['"Infinity"', 'Infinity'],
    ['"1"', '1'],
    ['"0x10"', '0x10'],
    ['max', schema.maximum ?? Number.MAX_SAFE_INTEGER],
  ];
  const strings: [string, unknown][] = [
    ['empty', ''],
    ['NUL', 'a\u0000b'],
    ['control characters', '\u0001\u0007\u001b[31m\r\n\t\u007f'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', 'x\udfffy'],
    ['20000 characters', 'x'.repeat(20000)],
    ['one over maxLength', 'y'.repeat((schema.maxLength ?? 256) + 1)],
    ['SQL', "' or 1=1; drop table users; --"],
    ['percent escapes', '%00%zz%ED%A0%80'],
    ['path', '../../../../etc/passwd'],
    ['RTL, BOM and emoji', '\u202e\ufeff😀ж'],
    ['garbage', rng.garbage(40)],
  ];
  switch (type) {
    case 'integer':
    case 'number':
      return [...wrongTypes, ...numbers];
    case 'boolean':
      return [...wrongTypes, ['"yes"', 'yes'], ['0', 0], ['2', 2], ['"TRUE"', 'TRUE']];
    case 'enum':
      return [...wrongTypes, ['unknown value', 'fuzz-unknown'], ['upper case', String(schema.enum![0]).toUpperCase() + 'X'], ['with NUL', `${String(schema.enum![0])}\u0000`], ['7', 7]];
    case 'array': {
      const item = schema.items ? plausible(schema.items, '', {}, rng) : 1;
      return [
        ...wrongTypes.filter(([l]) => l !== 'array'),
        ['[null]', [null]],
        ['[[]]', [[]]],
        ['one over maxItems', Array.from({ length: (schema.maxItems ?? 50) + 1 }, () => item)],
        ['5000 items', Array.from({ length: 5000 }, () => item)],
        ['a comma list', '1,2,3'],
        ...(schema.items?.type === 'integer' ? ([['[-1, 0, 1e999]', [-1, 0, raw('1e999')]], ['[2^53+1]', [raw('9007199254740993')]], ['duplicates', [item, item, item]]] as [string, unknown][]) : []),
      ];
    }
    case 'object':
      return [
        ...wrongTypes.filter(([l]) => l !== 'object'),
        ['an unknown key', { fuzz_unknown: 1 }],
        ['__proto__ key', raw('{"__proto__":{"admin":true}}')],
        ['a key with NUL and a surrogate', { 'a\u0000\ud800': 'x' }],
        ['a key of 5000 characters', { ['k'.repeat(5000)]: 'v' }],
        ['1000 keys', Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, 'v']))],
        ['a value holding NUL', { phone: 'a\u0000b', email: '\ud800' }],
      ];
    case 'anyOf':
      return [...wrongTypes, ...strings.slice(0, 6), ['-1', -1], ['1e999', raw('1e999')]];
    default:
      return [...wrongTypes, ...strings];
  }
}

/** Query and path values, already as URL text: bad escapes, NUL, overlong UTF-8, numbers out of range. */
const URL_VALUES: [string, string][] = [
  ['empty', ''],
  ['%00', '%00'],
  ['%zz (bad escape)', '%zz'],
  ['%E0%A4%A (cut escape)', '%E0%A4%A'],
  ['%ED%A0%80 (surrogate as UTF-8)', '%ED%A0%80'],
  ['%C0%AF (overlong)', '%C0%AF'],
  ['%FF', '%FF'],
  ['%01%1B%7F (control)', '%01%1B%7F'],
  ['emoji', '%F0%9F%98%80'],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['NaN', 'NaN'],
  ['1e309', '1e309'],
  ['2^31', '2147483648'],
  ['20 digits', '99999999999999999999'],
  ['0x10', '0x10'],
  ['SQL', "'%20or%201%3D1--"],
  ['../', '..%2F..%2Fetc%2Fpasswd'],
  ['3000 characters', 'q'.repeat(3000)],
];

/** URL values just outside what this parameter's schema accepts. */
function urlBadValues(schema: JsonSchema): [string, string][] {
  const out: [string, string][] = [];
  if (schema.enum) out.push(['unknown value', 'fuzz-unknown'], ['upper case', encodeURIComponent(String(schema.enum[0]).toUpperCase())]);
  if (schema.anyOf) out.push(['"yes"', 'yes'], ['2', '2']);
  if (schema.maximum !== undefined) out.push(['max', String(schema.maximum)], ['max + 1', String(schema.maximum + 1)]);
  if (schema.minimum !== undefined) out.push(['min - 1', String(schema.minimum - 1)]);
  if (schema.maxLength !== undefined) out.push(['one over maxLength', 'y'.repeat(schema.maxLength + 1)]);
  if (schema.pattern) out.push(['not the pattern', 'fuzz%20!']);
  return out;
}

const urlValue = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

function setAt(target: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const copy: any = Array.isArray(target) ? [...target] : { ...(target as object) };
  const [head, ...rest] = path;
  if (!rest.length && remove) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head!];
  } else copy[head!] = setAt(copy[head!], rest, value, remove);
  return copy;
}

interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** Every field of a body, nested objects and the first item of arrays included. */
function fieldsOf(schema: JsonSchema, value: unknown, path: (string | number)[] = [], depth = 0): Field[] {
  if (depth > 3) return [];
  const out: Field[] = [];
  if (schema.type === 'object' && schema.properties) {
    for (const [k, s] of Object.entries(schema.properties)) {
      const at = [...path, k];
      out.push({ path: at, schema: s, required: schema.required?.includes(k) ?? false });
      out.push(...fieldsOf(s, (value as any)?.[k], at, depth + 1));
    }
  } else if (schema.type === 'array' && schema.items && Array.isArray(value) && value.length) {
    out.push(...fieldsOf(schema.items, value[0], [...path, 0], depth + 1));
  }
  return out;
}

const showPath = (path: (string | number)[]) => path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : `${s}.${p}`), 'body');

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The malformed requests for one operation, without authentication (the caller sends each
 * with no token, a bad token and a good one). `sharedKey` is one Idempotency-Key sent to every
 * operation, so a key reused on another route is tried everywhere.
 */
export function casesFor(op: Operation, opts: { hints: Hints; rng: Random; sharedKey: string }): FuzzCase[] {
  const { hints, rng } = opts;
  const pathValues = Object.fromEntries(op.pathParams.map((p) => [p.name, urlValue(plausible(p.schema, p.name, hints, rng))]));
  const requiredQuery = op.queryParams.filter((p) => p.required).map((p) => [p.name, urlValue(plausible(p.schema, p.name, hints, rng))] as [string, string]);
  const urlOf = (paths: Record<string, string>, query: [string, string][]) => {
    const p = op.path.replace(/\{(\w+)\}/g, (_, name: string) => paths[name] ?? '');
    return query.length ? `${p}?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : p;
  };
  const baseUrl = urlOf(pathValues, requiredQuery);
  const bodies: unknown[] = op.body?.anyOf ? op.body.anyOf.map((s) => plausible(s, '', hints, rng)) : op.body ? [plausible(op.body, '', hints, rng)] : [];
  const baseBody = bodies[0];
  const basePayload = baseBody === undefined ? undefined : toJson(baseBody);
  const baseHeaders = basePayload === undefined ? {} : JSON_TYPE;
  const cases: FuzzCase[] = [];
  const add = (what: string, c: Partial<FuzzCase>) =>
    cases.push({ what, method: op.method, url: baseUrl, headers: { ...baseHeaders }, payload: basePayload, ...c });

  add('the plausible request', {});
  const wrongMethod = rng.pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS', op.method === 'GET' ? 'POST' : 'GET']);
  add(`method ${wrongMethod}`, { method: wrongMethod });

  for (const p of op.pathParams) {
    for (const [label, v] of [...URL_VALUES, ...urlBadValues(p.schema)]) add(`path ${p.name} = ${label}`, { url: urlOf({ ...pathValues, [p.name]: v }, requiredQuery) });
    add(`path ${p.name} = garbage`, { url: urlOf({ ...pathValues, [p.name]: encodeURIComponent(rng.garbage(20)) }, requiredQuery) });
  }

  for (const p of op.queryParams) {
    const others = requiredQuery.filter(([k]) => k !== p.name);
    for (const [label, v] of [...URL_VALUES, ...urlBadValues(p.schema)]) add(`query ${p.name} = ${label}`, { url: urlOf(pathValues, [...others, [p.name, v]]) });
    add(`query ${p.name} twice`, { url: urlOf(pathValues, [...others, [p.name, '1'], [p.name, 'x']]) });
    add(`query ${p.name}[]`, { url: urlOf(pathValues, [...others, [`${p.name}[]`, '1']]) });
    add(`query ${p.name}[a][b]`, { url: urlOf(pathValues, [...others, [`${p.name}[a][b]`, '1']]) });
    add(`query ${p.name} without =`, { url: `${urlOf(pathValues, others)}${others.length ? '&' : '?'}${p.name}` });
    if (p.required) add(`query ${p.name} missing`, { url: urlOf(pathValues, others) });
  }
  add('unknown query parameters', { url: urlOf(pathValues, [...requiredQuery, ['fuzz', '1'], ['__proto__', 'x'], ['constructor', 'y']]) });
  add('query %zz as a name', { url: urlOf(pathValues, [...requiredQuery, ['%zz', '%00']]) });
  add('query of 5000 pairs', { url: urlOf(pathValues, [...requiredQuery, ...Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'v'] as [string, string])]) });
  add('query junk with no names', { url: `${urlOf(pathValues, requiredQuery)}${requiredQuery.length ? '&' : '?'}&&=&%00&=%zz` });
  add('query of nested brackets', { url: urlOf(pathValues, [...requiredQuery, ['a[b][c][d][e][f]', '1']]) });
  add('query with a surrogate as UTF-8', { url: urlOf(pathValues, [...requiredQuery, ['a', '%ED%A0%80'], ['%ED%A0%80', 'b']]) });

  // The body as a whole, sent to every operation (a body-less POST must ignore or refuse it).
  const jsonBody = (what: string, payload: string | Buffer, headers: Record<string, string> = JSON_TYPE) => add(`body ${what}`, { headers, payload });
  // Fastify never reads the body of a GET: a few bodies prove that, the whole set is for the rest.
  if (op.method === 'GET') {
    jsonBody('invalid JSON', '{"a":');
    jsonBody('over the 64 KiB limit', `{"pad":"${'p'.repeat(70 * 1024)}"}`);
    jsonBody('as multipart without boundary', 'x', { 'content-type': 'multipart/form-data' });
  } else {
    jsonBody('invalid JSON', '{"a":');
    jsonBody('JSON null', 'null');
    jsonBody('JSON array', '[]');
    jsonBody('JSON number', '123');
    jsonBody('JSON string', '"x"');
    jsonBody('empty with a JSON type', '');
    jsonBody('whitespace only', ' \n\t ');
    jsonBody('5000 nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    jsonBody('__proto__ key', '{"__proto__":{"status":true,"isAdmin":true}}');
    jsonBody('constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}');
    jsonBody('over the 64 KiB limit', toJson({ ...(baseBody as object), pad: 'p'.repeat(70 * 1024) }));
    jsonBody('invalid UTF-8 bytes', Buffer.concat([Buffer.from('{"fuzz":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')]));
    jsonBody('UTF-16 with a BOM', Buffer.from(`\ufeff${basePayload ?? '{}'}`, 'utf16le'), { 'content-type': 'application/json; charset=utf-16' });
    jsonBody('a UTF-8 BOM', `\ufeff${basePayload ?? '{}'}`);
    jsonBody('as text/plain', basePayload ?? '{}', { 'content-type': 'text/plain' });
    jsonBody('as form-urlencoded', 'a=1&b=%00&c=%zz', { 'content-type': 'application/x-www-form-urlencoded' });
    jsonBody('as multipart', '--b\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', { 'content-type': 'multipart/form-data; boundary=b' });
    jsonBody('as multipart without boundary', 'x', { 'content-type': 'multipart/form-data' });
    jsonBody('as octet-stream', Buffer.from([0, 1, 2, 255]), { 'content-type': 'application/octet-stream' });
    jsonBody('with no content type', basePayload ?? '{}', {});
    jsonBody('with a content type of garbage', basePayload ?? '{}', { 'content-type': 'fuzz/*; ;;=' });
    jsonBody('claiming gzip', basePayload ?? '{}', { ...JSON_TYPE, 'content-encoding': 'gzip' });
  }
  if (op.body && typeof baseBody === 'object' && baseBody && !Array.isArray(baseBody)) {
    jsonBody('with an unknown field', toJson({ ...baseBody, fuzz_unknown: 'x' }));
    jsonBody('with a duplicate key', `${toJson(baseBody).slice(0, -1)}${Object.keys(baseBody).length ? ',' : ''}"${Object.keys(baseBody)[0] ?? 'a'}":"dup"}`);
    jsonBody('with its values as strings', toJson(Object.fromEntries(Object.entries(baseBody).map(([k, v]) => [k, String(v)]))));
  }

  // Each field of each body shape: missing, wrong type, out of range.
  bodies.forEach((body, i) => {
    const schema = op.body?.anyOf ? op.body.anyOf[i]! : op.body!;
    const shape = bodies.length > 1 ? ` (shape ${i + 1})` : '';
    for (const f of fieldsOf(schema, body)) {
      const name = showPath(f.path);
      if (f.required) add(`${name} missing${shape}`, { payload: toJson(setAt(body, f.path, undefined, true)) });
      for (const [label, v] of badValues(f.schema, rng)) add(`${name} = ${label}${shape}`, { payload: toJson(setAt(body, f.path, v)) });
    }
  });

  // Headers that matter, on the plausible request.
  const withHeaders = (what: string, headers: Record<string, string>, ownAuth = false) => add(what, { headers: { ...baseHeaders, ...headers }, ownAuth });
  withHeaders('an Idempotency-Key shared by every route', { 'idempotency-key': opts.sharedKey });
  withHeaders('an Idempotency-Key of 8000 characters', { 'idempotency-key': 'k'.repeat(8000) });
  withHeaders('a Latin-1 Idempotency-Key', { 'idempotency-key': 'cl\u00e9-\u00ff\u00a0' });
  withHeaders('an empty Idempotency-Key', { 'idempotency-key': '' });
  withHeaders('a non-ASCII X-Client-Language', { 'x-client-language': '\u00e9n-\u00ff' });
  withHeaders('an X-Client-Language of 8000 characters', { 'x-client-language': 'en'.repeat(4000) });
  withHeaders('an X-Request-Id of garbage', { 'x-request-id': `<script>\u00e9"\\${rng.token(20)}${'r'.repeat(8000)}` });
  withHeaders('a method override', { 'x-http-method-override': 'DELETE', 'x-method-override': 'PUT' });
  withHeaders('conditional and range headers of garbage', { 'if-none-match': '"\u00ff', 'if-modified-since': 'yesterday', range: 'bytes=-1-2,zz' });
  withHeaders('Accept text/html and a language list', { accept: 'text/html', 'accept-language': 'xx;q=abc, *;q=-1' });
  withHeaders('garbage forwarding headers', { 'x-forwarded-for': '999.1.1.1, ::ffff:zz, <script>', 'x-forwarded-proto': 'gopher', 'x-forwarded-host': '\u00e9vil' });
  withHeaders('a garbage session cookie from another origin', { cookie: 'tastyToken=%zz%00; tastyToken=x', origin: 'https://evil.example' });
  withHeaders('a session cookie that does not decode, from our own page', { cookie: 'tastyToken=%zz%E0%A4%A', 'sec-fetch-site': 'same-origin' });
  withHeaders('a session cookie holding NUL and a surrogate, from our own page', { cookie: 'tastyToken=a%00b%ED%A0%80', 'sec-fetch-site': 'same-origin' });
  withHeaders('a session cookie of 8000 characters, from our own page', { cookie: `tastyToken=${rng.token(8000)}`, 'sec-fetch-site': 'same-origin' });
  withHeaders('Authorization Basic', { authorization: 'Basic Zm9vOmJhcg==' }, true);
  withHeaders('Authorization "Bearer" alone', { authorization: 'Bearer ' }, true);
  withHeaders('Authorization with two tokens', { authorization: `Bearer ${rng.token()} ${rng.token()}` }, true);
  withHeaders('Authorization of 8000 characters', { authorization: `Bearer ${rng.token(8000)}` }, true);
  withHeaders('Authorization with Latin-1 bytes', { authorization: 'Bearer \u00e9\u00ff\u00a0' }, true);
  return cases;
}
