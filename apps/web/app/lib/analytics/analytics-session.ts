import { touchSession, type AnalyticsSession } from '@store/shared/analytics';

import { ANALYTICS_SESSION_KEY, ANALYTICS_VISITOR_KEY } from '../storage-keys.ts';

export { ANALYTICS_SESSION_KEY, ANALYTICS_VISITOR_KEY };

const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`);

function read(): AnalyticsSession | null {
  try {
    const raw = JSON.parse(localStorage.getItem(ANALYTICS_SESSION_KEY) ?? 'null') as unknown;
    if (raw && typeof raw === 'object' && typeof (raw as AnalyticsSession).id === 'string' && typeof (raw as AnalyticsSession).lastAt === 'number') return raw as AnalyticsSession;
  } catch {
    // Malformed or unavailable: a new session.
  }
  return null;
}

/** The session id for a hit now; the hit keeps the session alive. Without storage, one per page load. */
let fallback: AnalyticsSession | null = null;
export function analyticsSessionId(now: number = Date.now()): string {
  const session = touchSession(read() ?? fallback, now, newId);
  fallback = session;
  try {
    localStorage.setItem(ANALYTICS_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage refused: the in-memory session serves this page.
  }
  return session.id;
}

/** A guest's lasting id, made once per browser. */
export function visitorId(): string {
  try {
    const kept = localStorage.getItem(ANALYTICS_VISITOR_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const made = newId();
    localStorage.setItem(ANALYTICS_VISITOR_KEY, made);
    return made;
  } catch {
    return (fallback ??= { id: newId(), lastAt: Date.now() }).id;
  }
}
