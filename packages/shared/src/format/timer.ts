/** A timer's units (the event's and the leaderboards' boards): seconds split into days, hours, minutes and seconds, two digits each. */

/** Two digits, as a timer prints every unit ("07"); a hundred days and more print whole. */
export const twoDigits = (n: number): string => String(Math.max(0, Math.floor(n))).padStart(2, '0');

export type TimerUnit = 'day' | 'hour' | 'minute' | 'second';
export const TIMER_UNITS: readonly TimerUnit[] = ['day', 'hour', 'minute', 'second'];

/** Seconds left split into days, hours, minutes and seconds; never below zero. */
export function countdownParts(seconds: number): Record<TimerUnit, number> {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return { day: Math.floor(s / 86_400), hour: Math.floor((s % 86_400) / 3_600), minute: Math.floor((s % 3_600) / 60), second: s % 60 };
}
