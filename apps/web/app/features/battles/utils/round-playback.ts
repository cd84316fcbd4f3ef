/** How long a landed round stays up, at least, before a round already waiting starts to spin. */
export const LANDED_HOLD_MS = 250;
/** A reel never turns faster than this, even while the page catches up with the server. */
export const QUICKEST_SPIN_MS = 500;

/** Where a viewer's playback of the live rounds stands. */
export interface Playback {
  /** The first round that arrived live; those before it were on the page already and never spin. */
  from: number | null;
  landed: { round: number; at: number } | null;
  playing: { round: number; ms: number } | null;
}

export const idlePlayback: Playback = { from: null, landed: null, playing: null };

/**
 * The round to spin next, how long for and not before when (a clock time), or null while one turns or none
 * waits. Rounds play in order however close together they arrive; each landed one stays up for
 * LANDED_HOLD_MS; a page that fell behind turns the waiting ones on quicker reels until it has
 * caught up, instead of skipping a round's landing.
 */
export function nextSpin(p: Playback, newest: number | null, spinMs: number): { round: number; ms: number; notBefore: number } | null {
  if (p.playing || newest === null) return null;
  const from = p.from ?? newest;
  const round = p.landed ? p.landed.round + 1 : from;
  if (round > newest) return null;
  const ms = newest > round ? Math.max(QUICKEST_SPIN_MS, Math.round(spinMs / 2)) : spinMs;
  return { round, ms, notBefore: p.landed ? p.landed.at + LANDED_HOLD_MS : 0 };
}

/** The first round of all that has not landed for this viewer yet (Infinity when all have). */
export function firstUnlanded(p: Playback, newest: number | null): number {
  if (p.playing) return p.playing.round;
  if (newest === null) return Infinity;
  const round = p.landed ? p.landed.round + 1 : (p.from ?? newest);
  return round <= newest ? round : Infinity;
}
