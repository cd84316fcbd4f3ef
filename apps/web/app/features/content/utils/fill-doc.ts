/**
 * Fills `{{name}}` in every string of a legal document (paragraphs, list lines, headings) with the
 * configuration's values. The documents come as loader data, not through i18next, so this does
 * the one kind of interpolation they use; an unknown name stays as written, visible in review.
 */
export function fillDoc<T>(value: T, vars: Record<string, unknown>): T {
  if (typeof value === 'string') return value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fillDoc(v, vars)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDoc(v, vars)])) as T;
  return value;
}
