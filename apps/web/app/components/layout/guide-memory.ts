/**
 * The guide's memory in the browser (decision 025): when this visitor first read "How it works",
 * written as JSON by `lib/use-stored.ts`. Anything else under the key (an old format, a hand edit,
 * another tab's half write) is disregarded and the visitor counts as new.
 */

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
