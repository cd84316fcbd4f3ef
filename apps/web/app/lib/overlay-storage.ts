/**
 * What the consent bar and the scam-warning popup remember in local storage (spec §4 Other
 * popups). A stored value that is not valid JSON or not of the expected shape is discarded, as if
 * nothing had been stored (spec §5), so a broken value can only bring the overlay back, never
 * hide it or break the page.
 */

/** Spec §9: a closed scam warning comes back after 24 hours. */
export const SCAM_REPEAT_MS = 24 * 60 * 60 * 1000;

export interface ConsentState {
  accepted: true;
  at: number;
}

export interface ScamState {
  /** When the player last closed the popup (ms since the epoch). */
  closedAt?: number;
  /** "Don't show again" was ticked: the popup never comes back in this browser. */
  never?: true;
}

/** Parses JSON, answering undefined for anything unparseable. */
function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export function parseConsent(raw: string | null): ConsentState | null {
  const v = parseJson(raw);
  if (!isRecord(v) || v.accepted !== true || !isTime(v.at)) return null;
  return { accepted: true, at: v.at };
}

export function parseScam(raw: string | null): ScamState | null {
  const v = parseJson(raw);
  if (!isRecord(v)) return null;
  const hasClosed = 'closedAt' in v;
  const hasNever = 'never' in v;
  // Every key present must be of its type: a half-valid record is as untrustworthy as none.
  if (hasClosed && !isTime(v.closedAt)) return null;
  if (hasNever && v.never !== true) return null;
  if (!hasClosed && !hasNever) return null;
  return { ...(hasClosed ? { closedAt: v.closedAt as number } : {}), ...(hasNever ? { never: true as const } : {}) };
}

/** Whether the scam warning should show now for a signed-in player. */
export function scamWarningDue(state: ScamState | null, now: number): boolean {
  if (!state) return true;
  if (state.never) return false;
  if (state.closedAt === undefined) return true;
  // A time in the future (a clock moved back) counts as just closed, not as never.
  return now - state.closedAt >= SCAM_REPEAT_MS;
}

/** Local storage, or nothing where it is missing or refused (a private window, the server render). */
export function browserStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    browserStorage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage: the overlay shows again next time, which is the safe side.
  }
}
