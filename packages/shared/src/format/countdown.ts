/**
 * Countdowns: the seconds the server named, counted on this browser's own clock from when its
 * answer arrived, written as "hh:mm:ss".
 */

const two = (n: number) => String(n).padStart(2, '0');

/** Whole seconds still to wait at `now` (ms), given `readyIn` seconds when the answer arrived at `arrivedAt` (ms). */
export function secondsLeft(readyIn: number, arrivedAt: number, now: number): number {
  if (!Number.isFinite(readyIn) || readyIn <= 0) return 0;
  const passed = Math.max(0, Math.floor((now - arrivedAt) / 1000));
  return Math.max(0, Math.ceil(readyIn) - passed);
}

/** "hh:mm:ss"; hours go past 24 rather than wrapping ("25:00:00"), and nothing is negative. */
export function formatCountdown(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}
