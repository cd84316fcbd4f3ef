/**
 * UTM capture of spec §5, kept in the browser's storage as spec §3's UTM records (the campaign's
 * tags, the visit's details and the browser session):
 * - empty values are skipped, and a value containing the `u_tm` marker is cut before it;
 * - a record is saved only when at least one UTM parameter is present and the set differs
 *   from the latest record; new records go to the front;
 * - records older than one month are dropped.
 */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export const UTM_MARKER = 'u_tm';
export const UTM_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/**
 * What the visit looked like when a record was saved (spec §3 additionalInfo): where the visitor
 * came from, the browser and its language, the address they landed on and the screen size.
 */
export interface UtmAdditionalInfo {
  referrer: string;
  userAgent: string;
  language: string;
  landingPageUrl: string;
  screen: { width: number; height: number };
}

/** One saved visit with campaign tags, shaped as spec §3's UTM record. */
export interface UtmRecord {
  /** When it was saved, as an ISO 8601 string. */
  timestamp: string;
  utmParams: Partial<Record<UtmKey, string>>;
  additionalInfo: UtmAdditionalInfo;
  /** The browser session it was saved in (kept under `nuxt-utm-session-id`). */
  sessionId: string;
}

/** A visit as the browser sees it: what goes into a record beside the query's tags. */
export interface UtmVisit {
  query: Readonly<Record<string, string | null | undefined>>;
  info: UtmAdditionalInfo;
  sessionId: string;
  now: number;
}

// Bounds on what a page can write into a record: a long referrer or address must not fill the storage.
const URL_MAX = 2000;
const TEXT_MAX = 500;

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

const sameParams = (a: UtmRecord['utmParams'], b: UtmRecord['utmParams']) => UTM_KEYS.every((k) => (a[k] ?? null) === (b[k] ?? null));

const ageAt = (record: UtmRecord, now: number) => now - Date.parse(record.timestamp);

const bounded = (info: UtmAdditionalInfo): UtmAdditionalInfo => ({
  referrer: info.referrer.slice(0, URL_MAX),
  userAgent: info.userAgent.slice(0, TEXT_MAX),
  language: info.language.slice(0, 35),
  landingPageUrl: info.landingPageUrl.slice(0, URL_MAX),
  screen: { width: Math.max(0, Math.round(info.screen.width)) || 0, height: Math.max(0, Math.round(info.screen.height)) || 0 },
});

/** The records after `visit`: stale ones dropped, a new one in front if its tags differ from the latest. */
export function captureUtm(visit: UtmVisit, records: readonly UtmRecord[]): UtmRecord[] {
  const fresh = records.filter((r) => ageAt(r, visit.now) < UTM_MAX_AGE_MS);
  const params = utmParams(visit.query);
  if (Object.keys(params).length === 0) return fresh;
  if (fresh[0] && sameParams(fresh[0].utmParams, params)) return fresh;
  const record: UtmRecord = { timestamp: new Date(visit.now).toISOString(), utmParams: params, additionalInfo: bounded(visit.info), sessionId: visit.sessionId.slice(0, 100) };
  return [record, ...fresh];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * One stored entry as a record, or null when it is not one. An entry of the earlier shape
 * (`{ params, at }`, before the record carried the visit's details) is read as a record with
 * empty details, so a campaign a player came with last week still counts.
 */
function readRecord(r: unknown): UtmRecord | null {
  if (!isRecord(r)) return null;
  if (typeof r.at === 'number' && isRecord(r.params)) {
    return { timestamp: new Date(r.at).toISOString(), utmParams: utmParams(r.params as Record<string, string>), additionalInfo: emptyInfo(), sessionId: '' };
  }
  if (typeof r.timestamp !== 'string' || Number.isNaN(Date.parse(r.timestamp)) || !isRecord(r.utmParams)) return null;
  const info = isRecord(r.additionalInfo) ? r.additionalInfo : {};
  const screen = isRecord(info.screen) ? info.screen : {};
  return {
    timestamp: r.timestamp,
    utmParams: utmParams(r.utmParams as Record<string, string>),
    additionalInfo: { referrer: str(info.referrer), userAgent: str(info.userAgent), language: str(info.language), landingPageUrl: str(info.landingPageUrl), screen: { width: num(screen.width), height: num(screen.height) } },
    sessionId: str(r.sessionId),
  };
}

const emptyInfo = (): UtmAdditionalInfo => ({ referrer: '', userAgent: '', language: '', landingPageUrl: '', screen: { width: 0, height: 0 } });

/** Reads stored records, discarding anything malformed (spec §5: bad stored data is dropped). */
export function parseUtmRecords(raw: string | null): UtmRecord[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.map(readRecord).filter((r): r is UtmRecord => r !== null);
  } catch {
    return [];
  }
}
