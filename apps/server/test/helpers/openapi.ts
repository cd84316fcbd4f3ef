/**
 * The API document as a test reads it: `/api/docs` writes each shared shape and each shared refusal
 * once, under `components`, and refers to it with `$ref` (decision 037); these put them back.
 */

type Node = Record<string, unknown>;

/** What a local reference (`#/components/schemas/Item`) names in the document. */
export function resolveRef(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Node | undefined)?.[key], doc);
}

/** A node, or what it refers to when it is a reference (a shared refusal, say). */
export function resolved<T>(doc: unknown, node: T): T {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' ? (resolveRef(doc, ref) as T) : node;
}

/**
 * A copy of the document with every local `$ref` replaced by what it names (a reference inside its
 * own target stays one), `allOf` of a single member merged into the schema that holds it, and a
 * nullable reference read as its schema with `nullable`, as a reader of plain schemas expects:
 * `{minimum: 1, allOf: [Money]}` reads `{type: number, minimum: 1}`.
 */
export function dereferenced<T>(doc: T): T {
  const walk = (node: unknown, trail: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, trail));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Node;
    if (typeof $ref === 'string' && $ref.startsWith('#/') && !trail.includes($ref))
      return walk({ ...(resolveRef(doc, $ref) as Node), ...rest }, [...trail, $ref]);
    const out: Node = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, trail)]));
    const allOf = out.allOf as Node[] | undefined;
    if (Array.isArray(allOf) && allOf.length === 1) {
      delete out.allOf;
      return { ...allOf[0], ...out };
    }
    // A nullable reference is written `anyOf: [$ref, {enum: [null]}]`: it reads as the schema with `nullable`.
    const anyOf = out.anyOf as Node[] | undefined;
    const enumOfNull = (anyOf?.[1]?.enum ?? []) as unknown[];
    if (anyOf?.length === 2 && enumOfNull.length === 1 && enumOfNull[0] === null) {
      delete out.anyOf;
      return { ...anyOf[0], nullable: true, ...out };
    }
    return out;
  };
  return walk(doc, []) as T;
}
