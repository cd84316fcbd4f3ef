import { PUSH_ASK_KEY } from './storage-keys.ts';

/**
 * When the push banner may ask (issue: it covered a third of every page from the first visit).
 * It asks once a player has something to be told about: after their first win (a case's reveal)
 * or a daily case, and never again in the session once closed. Kept in session storage, so a new
 * session starts quiet again; the three-day window of a close (decision 027) still holds across
 * sessions.
 */
export type PushAsk = 'due' | 'closed' | null;

const listeners = new Set<() => void>();
// Storage refused (a private window): the session's answer lives here instead.
let memory: PushAsk = null;

export function pushAsk(): PushAsk {
  try {
    const v = window.sessionStorage.getItem(PUSH_ASK_KEY);
    return v === 'due' || v === 'closed' ? v : memory;
  } catch {
    return memory;
  }
}

function write(value: Exclude<PushAsk, null>) {
  memory = value;
  try {
    window.sessionStorage.setItem(PUSH_ASK_KEY, value);
  } catch {
    // Kept in memory above.
  }
  for (const l of listeners) l();
}

/** A win was shown or a daily case opened: the banner may ask, unless closed this session. */
export function markPushMoment(): void {
  if (pushAsk() === null) write('due');
}

/** The banner was closed: not again this session. */
export function closePushAsk(): void {
  write('closed');
}

export function onPushAsk(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
