import { cleanQueryValue } from './utm.ts';

/**
 * The saved query of spec §3/§5: query parameters a visitor arrived with that must outlive the
 * page they came to (signing in, a payment, a language switch), kept in the browser's session.
 * Empty values are skipped and a value is cut before the `u_tm` marker, like the UTM capture.
 */
export const SAVED_QUERY_KEYS = ['offerId', 'rollId'] as const;
export type SavedQueryKey = (typeof SAVED_QUERY_KEYS)[number];
export type SavedQuery = Partial<Record<SavedQueryKey, string>>;

/** The saved map after a visit with `query`: a key present with a usable value replaces the old one. */
export function captureSavedQuery(query: Readonly<Record<string, string | null | undefined>>, saved: SavedQuery): SavedQuery {
  const out: SavedQuery = { ...saved };
  for (const key of SAVED_QUERY_KEYS) {
    const value = cleanQueryValue(query[key]);
    if (value !== null) out[key] = value.slice(0, 64);
  }
  return out;
}

/** Reads the stored map, keeping only known keys with string values (spec §5: bad stored data is dropped). */
export function parseSavedQuery(raw: string | null): SavedQuery {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: SavedQuery = {};
    for (const key of SAVED_QUERY_KEYS) {
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'string' && v !== '') out[key] = v;
    }
    return out;
  } catch {
    return {};
  }
}
