/**
 * The seasonal event's battle pass and the event's own rules (spec §3 Battle pass, §4 Event and
 * Battle pass level states, §9 Cases and events): what the server reports and the web shows, in
 * one place. No IO here. A pass is climbed with the event coins a player earns (not spends): a
 * level is reached when the coins earned this season reach the level's threshold.
 */
import { EVENT_NEW_HOURS } from './constants.ts';

export const PASS_LEVELS = 50;
/** The level of the pass's mid reward (spec §9). */
export const PASS_MID_LEVEL = 15;
export const PASS_RARE_LEVELS: readonly number[] = [15, 30, 40];
export const PASS_ULTRA_LEVEL = 50;

export type PassLevelType = 'classic' | 'rare' | 'ultra';

/** A level's look (spec §4): rare at 15, 30 and 40, ultra at 50, classic otherwise. */
export function passLevelType(level: number): PassLevelType {
  if (level === PASS_ULTRA_LEVEL) return 'ultra';
  return PASS_RARE_LEVELS.includes(level) ? 'rare' : 'classic';
}

/**
 * What each level costs (spec §3 "cost: difference to the previous level") from the coins at
 * which each is reached, level 1 first. Thresholds never fall: a lower one counts as the one before.
 */
export function passLevelCosts(thresholds: readonly number[]): number[] {
  let before = 0;
  return thresholds.map((t) => {
    const at = Math.max(before, t);
    const cost = at - before;
    before = at;
    return cost;
  });
}

/**
 * How far `earned` coins take a player: the levels reached (each threshold at or below it, in
 * order) and the level now being worked towards, null once every level is reached.
 */
export function passProgress(earned: number, thresholds: readonly number[]): { reached: number; current: number | null } {
  let reached = 0;
  while (reached < thresholds.length && thresholds[reached]! <= earned) reached++;
  return { reached, current: reached < thresholds.length ? reached + 1 : null };
}

/** The flags the server sends for a level (spec §3 levels[]: active, current, done). */
export interface PassLevelFlags {
  /** Reached: its reward is earned. */
  active: boolean;
  /** The level being worked towards. */
  current: boolean;
  /** Its reward was claimed. */
  done: boolean;
}

export function passLevelFlags(level: number, progress: { reached: number; current: number | null }, claimed: boolean): PassLevelFlags {
  return { active: level <= progress.reached, current: level === progress.current, done: claimed };
}

export type PassLevelState = 'locked' | 'current' | 'done' | 'received';

/**
 * A level's state on the pass (spec §4): locked when neither reached nor current; current; done
 * (earned and claimable) when reached and not claimed; received once claimed.
 */
export function passLevelState(flags: PassLevelFlags): PassLevelState {
  if (flags.current) return 'current';
  if (!flags.active) return 'locked';
  return flags.done ? 'received' : 'done';
}

/** Only a done level can be claimed, once. */
export const canClaimPassLevel = (flags: PassLevelFlags): boolean => passLevelState(flags) === 'done';

/**
 * A task is listed while it is incomplete and belongs to a level up to the current one (spec §4);
 * with every level reached, the tasks of every level count as up to it.
 */
export function taskVisible(task: { level: number; current: number; end: number }, currentLevel: number | null): boolean {
  const upTo = currentLevel ?? Number.POSITIVE_INFINITY;
  return task.level <= upTo && task.current < task.end;
}

/** The pass is finished when the player has coins and no level is left to work towards (spec §4). */
export const passFinished = (coins: number, currentLevel: number | null): boolean => coins > 0 && currentLevel === null;

/** An event is new for EVENT_NEW_HOURS after it starts (spec §4), and not before it starts. */
export function isNewEvent(startsAt: Date, now: Date): boolean {
  const since = now.getTime() - startsAt.getTime();
  return since >= 0 && since < EVENT_NEW_HOURS * 3_600_000;
}

/** Seconds to an event's start and to its end at `now` (spec §3 timeToEventStart/Over), never negative. */
export function eventTimes(startsAt: Date, endsAt: Date, now: Date): { timeToEventStart: number; timeToEventOver: number } {
  const secs = (to: Date) => Math.max(0, Math.ceil((to.getTime() - now.getTime()) / 1000));
  return { timeToEventStart: secs(startsAt), timeToEventOver: secs(endsAt) };
}

/** The event's tabs (spec §2) and those shown when an event names none. */
export const EVENT_TABS = ['FreeCases', 'NewCases', 'TastyBattlePass', 'Techies', 'Top'] as const;
export type EventTab = (typeof EVENT_TABS)[number];
export const DEFAULT_EVENT_TABS: readonly EventTab[] = ['TastyBattlePass', 'NewCases', 'FreeCases', 'Top'];

/** The coin icon colour the web falls back to when the event settings do not load (spec §8). */
export const DEFAULT_COIN_COLOR = '#F03573';
