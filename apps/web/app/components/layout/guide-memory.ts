/**
 * The guide's memory in the browser (decision 025): when this visitor first read "How it works".
 * Anything else under the key (an old format, a hand edit, another tab's half write) is dropped
 * and the visitor counts as new.
 */
export const GUIDE_SEEN_KEY = 'guide-seen';

export interface GuideSeen {
  v: 1;
  at: number;
}

export function parseGuideSeen(raw: string | null): GuideSeen | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object') return null;
    const { v, at } = value as Record<string, unknown>;
    return v === 1 && typeof at === 'number' && Number.isSafeInteger(at) && at > 0 ? { v: 1, at } : null;
  } catch {
    return null;
  }
}

export const guideSeenValue = (now: number): string => JSON.stringify({ v: 1, at: now } satisfies GuideSeen);

/** Reads the memory; a malformed value is removed so the next read starts clean. */
export function readGuideSeen(storage: Pick<Storage, 'getItem' | 'removeItem'>): GuideSeen | null {
  const raw = storage.getItem(GUIDE_SEEN_KEY);
  const seen = parseGuideSeen(raw);
  if (raw !== null && !seen) storage.removeItem(GUIDE_SEEN_KEY);
  return seen;
}
