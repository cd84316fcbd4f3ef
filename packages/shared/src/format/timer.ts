/** A timer's units (the event's and the leaderboards' boards): seconds split into days, hours, minutes and seconds, two digits each. */

/** Two digits, as a timer prints every unit ("07"); a hundred days and more print whole. */
export const twoDigits = (n: number): string => String(Math.max(0, Math.floor(n))).padStart(2, '0');

export type TimerUnit = 'day' | 'hour' | 'minute' | 'second';
export const TIMER_UNITS: readonly TimerUnit[] = ['day', 'hour', 'minute', 'second'];

/**
 * Spec §9 timer units in seconds, a month counted as 30 days. The boards print days to seconds
 * (`TIMER_UNITS`); a month is a unit a duration may be given in (`unitSeconds`), not a column.
 */
export const TIMER_UNIT_SECONDS = { month: 30 * 86_400, day: 86_400, hour: 3_600, minute: 60, second: 1 } as const;
export type DurationUnit = keyof typeof TIMER_UNIT_SECONDS;

/** The seconds of one unit; an unknown unit is a programming error (spec §8 internal errors). */
export function unitSeconds(unit: string): number {
  if (!Object.hasOwn(TIMER_UNIT_SECONDS, unit)) throw new Error(`Unknown timer unit: ${unit}`);
  return TIMER_UNIT_SECONDS[unit as DurationUnit];
}

/** Seconds left split into days, hours, minutes and seconds; never below zero. */
export function countdownParts(seconds: number): Record<TimerUnit, number> {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const { day, hour, minute } = TIMER_UNIT_SECONDS;
  return { day: Math.floor(s / day), hour: Math.floor((s % day) / hour), minute: Math.floor((s % hour) / minute), second: s % minute };
}
