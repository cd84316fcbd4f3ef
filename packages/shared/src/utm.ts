/**
 * UTM capture of spec §5, kept in the browser's storage and sent along with a payment:
 * - empty values are skipped, and a value containing the `u_tm` marker is cut before it;
 * - a record is saved only when at least one UTM parameter is present and the set differs
 *   from the latest record; new records go to the front;
 * - records older than one month are dropped.
 */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export const UTM_MARKER = 'u_tm';
export const UTM_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export interface UtmRecord {
  params: Partial<Record<UtmKey, string>>;
  at: number;
}

/** A query value as it is kept: trimmed, cut before the `u_tm` marker; null when nothing is left. */
export function cleanQueryValue(value: string | null | undefined): string | null {
  if (value == null) return null;
  const at = value.indexOf(UTM_MARKER);
  const cut = (at >= 0 ? value.slice(0, at) : value).trim();
  return cut === '' ? null : cut;
}

/** The UTM parameters of a query, cleaned; empty when there are none. */
export function utmParams(query: Readonly<Record<string, string | null | undefined>>): Partial<Record<UtmKey, string>> {
  const out: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    const v = cleanQueryValue(query[key]);
    if (v !== null) out[key] = v;
  }
  return out;
}

const sameParams = (a: UtmRecord['params'], b: UtmRecord['params']) => UTM_KEYS.every((k) => (a[k] ?? null) === (b[k] ?? null));

/** The records after a visit with `query` at `now`: stale ones dropped, a new one in front if it differs. */
export function captureUtm(query: Readonly<Record<string, string | null | undefined>>, records: readonly UtmRecord[], now: number): UtmRecord[] {
  const fresh = records.filter((r) => now - r.at < UTM_MAX_AGE_MS);
  const params = utmParams(query);
  if (Object.keys(params).length === 0) return fresh;
  if (fresh[0] && sameParams(fresh[0].params, params)) return fresh;
  return [{ params, at: now }, ...fresh];
}

/** Reads stored records, discarding anything malformed (spec §5: bad stored data is dropped). */
export function parseUtmRecords(raw: string | null): UtmRecord[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is UtmRecord =>
        !!r && typeof r === 'object' && typeof (r as UtmRecord).at === 'number' && !!(r as UtmRecord).params && typeof (r as UtmRecord).params === 'object',
    );
  } catch {
    return [];
  }
}
