import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// NUL cannot be stored by PostgreSQL, and a lone UTF-16 surrogate cannot be encoded as UTF-8;
// either would fail deep in a query. Refusing them here keeps every route's answer a 400.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or object key) in `value` holding NUL or a lone surrogate, or null. */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSAFE.test(value) ? path || 'value' : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSAFE.test(key)) return at;
    const found = findUnsafeText(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Every route: path parameters, query and body are refused with `validation` before any schema or handler sees them. */
export function refuseUnsafeText(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const field = findUnsafeText(req.params, 'params') ?? findUnsafeText(req.query, 'query') ?? findUnsafeText(req.body, 'body');
    if (field) throw new AppError('validation', { fields: [field] });
  });
}
