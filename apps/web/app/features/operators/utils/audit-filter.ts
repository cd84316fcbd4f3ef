/** The audit page's filter and page, as they stand in its address. */
export interface AuditFilter {
  page: number;
  operatorId: number | null;
  targetKind: string | null;
  targetId: string | null;
}

export const AUDIT_PER_PAGE = 25;
const positive = (v: string | null): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const text = (v: string | null, max: number): string | null => {
  const t = v?.trim() ?? '';
  return t && t.length <= max ? t : null;
};

/** Reads the filter from the page's address; anything malformed is left out rather than refused. */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  return {
    page: positive(params.get('page')) ?? 1,
    operatorId: positive(params.get('operator')),
    targetKind: text(params.get('kind'), 40),
    targetId: text(params.get('target'), 100),
  };
}

/** The query of `GET /api/v1/admin/audit` for a filter. */
export function auditQueryOf(f: AuditFilter): string {
  const q = new URLSearchParams({ page: String(f.page), per_page: String(AUDIT_PER_PAGE) });
  if (f.operatorId !== null) q.set('operator_id', String(f.operatorId));
  if (f.targetKind !== null) q.set('target_kind', f.targetKind);
  if (f.targetId !== null) q.set('target_id', f.targetId);
  return q.toString();
}

/** The page's own address for a filter: only what is set. */
export function auditSearchOf(f: AuditFilter): string {
  const q = new URLSearchParams();
  if (f.operatorId !== null) q.set('operator', String(f.operatorId));
  if (f.targetKind !== null) q.set('kind', f.targetKind);
  if (f.targetId !== null) q.set('target', f.targetId);
  if (f.page > 1) q.set('page', String(f.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** How many pages a total makes (at least one, so "1 / 1" never reads "1 / 0"). */
export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/**
 * An audit row's before or after as one short line: the fields of an object as `key: value`,
 * a plain value as it is, nothing as a dash.
 */
export function describeState(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(describeState).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}
