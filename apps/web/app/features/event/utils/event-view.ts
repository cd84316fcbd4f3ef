/**
 * What the event pages show, as pure functions of what the server answered: the tab a path
 * opens, the tabs the event offers, the pass's progress bar and level states, the tasks on
 * screen, a claim's local effect. The rules themselves come from packages/shared/src/battle-pass.ts;
 * this file only applies them to the answers (tested in apps/web/test/event-view.test.ts).
 */
import {
  DEFAULT_EVENT_TABS,
  passFinished,
  passLevelState,
  taskVisible,
  type EventTab,
  type PassLevelState,
} from '@store/shared/battle-pass';
import { stripLang } from '#app/lib/lang.ts';

/** The event's pages under /event. */
export type EventPage = 'overview' | 'battle-pass' | 'coin-cases' | 'new-cases' | 'top';

export const EVENT_PAGE_PATHS: Record<EventPage, string> = {
  overview: '/event',
  'battle-pass': '/event/battle-pass',
  'coin-cases': '/event/coin-cases',
  'new-cases': '/event/new-cases',
  top: '/event/top',
};

/**
 * The tab a path opens (spec §2 Event screens): coin-cases gives the spend-coins tab, top the
 * tops tab, battle-pass the battle pass; new-cases (its own route in spec §2) its tab; anything
 * else the overview. The language prefix does not matter.
 */
export function eventTabFromPath(pathname: string): EventPage {
  const [first, second] = stripLang(pathname).split('/').filter(Boolean);
  if (first !== 'event') return 'overview';
  switch (second) {
    case 'coin-cases':
      return 'coin-cases';
    case 'top':
      return 'top';
    case 'battle-pass':
      return 'battle-pass';
    case 'new-cases':
      return 'new-cases';
    default:
      return 'overview';
  }
}

export interface EventTabLink {
  /** An event page, or the free cases, which live on the daily cases page. */
  key: EventPage | 'free-cases';
  path: string;
}

/**
 * The tab bar: the overview first, then the tabs the event names (spec §3 activeTabs; the
 * default four when it names none) in its order, the spend-coins tab beside the battle pass it
 * pays into. Techies has no page in this store, so it has no tab; a tab named twice shows once.
 */
export function eventTabLinks(activeTabs: readonly EventTab[] | null | undefined): EventTabLink[] {
  const tabs = activeTabs?.length ? activeTabs : DEFAULT_EVENT_TABS;
  const links: EventTabLink[] = [{ key: 'overview', path: EVENT_PAGE_PATHS.overview }];
  const add = (link: EventTabLink) => links.some((l) => l.key === link.key) || links.push(link);
  for (const tab of tabs) {
    if (tab === 'TastyBattlePass') {
      add({ key: 'battle-pass', path: EVENT_PAGE_PATHS['battle-pass'] });
      add({ key: 'coin-cases', path: EVENT_PAGE_PATHS['coin-cases'] });
    } else if (tab === 'NewCases') add({ key: 'new-cases', path: EVENT_PAGE_PATHS['new-cases'] });
    else if (tab === 'FreeCases') add({ key: 'free-cases', path: '/daily-cases' });
    else if (tab === 'Top') add({ key: 'top', path: EVENT_PAGE_PATHS.top });
  }
  // Coins are spent with or without a pass tab.
  add({ key: 'coin-cases', path: EVENT_PAGE_PATHS['coin-cases'] });
  return links;
}

interface LevelLike {
  level: number;
  threshold: number;
  active: boolean;
  current: boolean;
  done: boolean;
}

interface PassLike<L extends LevelLike = LevelLike> {
  levels: readonly L[];
  currentCoins: number;
  currentLevel: number | null;
}

/** A level's state on screen (spec §4), from its flags by the shared rule. */
export const levelState = (level: LevelLike): PassLevelState => passLevelState(level);

export interface PassProgressView {
  /** The level being worked towards; null once the pass is finished (or has no levels). */
  level: number | null;
  /** Coins earned, and the coins at which the previous level and the next one are reached. */
  coins: number;
  from: number;
  to: number;
  /** 0-100, never past either end. */
  percent: number;
  finished: boolean;
}

/**
 * The progress bar: the coins earned between the level before and the level being worked
 * towards. A finished pass (spec §4: coins and no current level) shows a full bar.
 */
export function passProgressView(pass: PassLike): PassProgressView {
  const coins = Math.max(0, pass.currentCoins);
  const finished = passFinished(coins, pass.currentLevel);
  const last = pass.levels.at(-1)?.threshold ?? 0;
  if (finished) return { level: null, coins, from: last, to: last, percent: 100, finished };
  const at = pass.levels.findIndex((l) => l.level === pass.currentLevel);
  if (at < 0) return { level: null, coins, from: 0, to: 0, percent: 0, finished };
  const to = pass.levels[at]!.threshold;
  const from = at > 0 ? pass.levels[at - 1]!.threshold : 0;
  const percent = to > from ? ((coins - from) / (to - from)) * 100 : coins >= to ? 100 : 0;
  return { level: pass.currentLevel, coins, from, to, percent: Math.max(0, Math.min(100, percent)), finished };
}

/**
 * The level the slider opens at: the first reward waiting to be claimed, else the level being
 * worked towards, else the last one (a finished pass). An index into `levels`.
 */
export function focusLevelIndex(pass: PassLike): number {
  const claimable = pass.levels.findIndex((l) => levelState(l) === 'done');
  if (claimable >= 0) return claimable;
  const current = pass.levels.findIndex((l) => levelState(l) === 'current');
  if (current >= 0) return current;
  return Math.max(0, pass.levels.length - 1);
}

/** The pass after a level's reward was taken: that level is received, the rest unchanged (spec §4). */
export function withClaimed<P extends { levels: readonly { level: number; done: boolean; state: string }[] }>(pass: P, level: number): P {
  return { ...pass, levels: pass.levels.map((l) => (l.level === level ? { ...l, done: true, state: 'received' } : l)) };
}

interface TaskLike {
  id: number;
  level: number;
  progressData: { current: number; end: number };
}

/**
 * The task list (spec §4): only tasks of levels up to the current one, and only while incomplete,
 * by the shared rule; by level, then as the server listed them.
 */
export function visibleTasks<T extends TaskLike>(pass: PassLike<LevelLike & { tasks: readonly T[] }>): T[] {
  return pass.levels
    .flatMap((l) => l.tasks)
    .filter((t) => taskVisible({ level: t.level, current: t.progressData.current, end: t.progressData.end }, pass.currentLevel))
    .sort((a, b) => a.level - b.level);
}

/** A task's bar, 0-100. */
export const taskPercent = (t: { current: number; end: number }): number =>
  t.end > 0 ? Math.max(0, Math.min(100, (t.current / t.end) * 100)) : 100;

/**
 * A claim goes out only for a real level, from a signed-in player, on a level whose reward is
 * waiting (spec §5: a claim is ignored for a falsy level or an unauthenticated user).
 */
export function claimAllowed(level: number | null | undefined, signedIn: boolean, state: PassLevelState | undefined): boolean {
  return !!level && level > 0 && signedIn && state === 'done';
}

/** A coin case's lock: the level it needs while locked (0: locked without a level, switched off). */
export function caseLock(card: { locked: boolean; level: number }): { locked: boolean; level: number } {
  return { locked: card.locked, level: card.locked ? Math.max(0, card.level) : 0 };
}

/** The case page of an event card: our own case route, whatever the card's link says. */
export const eventCasePath = (card: { slug: string }): string => `/open/${encodeURIComponent(card.slug)}`;

/**
 * Whether the event settings could not be read (spec §8 `error_event_settings`): the loader's call
 * failed and the browser's own try failed too. The pages then show no event and the coin falls
 * back to the default icon in #F03573 (`coinLookOf`); the alert says why once.
 */
export const eventSettingsFailed = (loaderFailed: boolean, query: { isError: boolean; data: unknown }): boolean => loaderFailed && query.isError && query.data == null;
