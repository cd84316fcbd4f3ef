import { describe, expect, it } from 'vitest';
import { DEFAULT_COIN_COLOR } from '@store/shared/battle-pass';
import type { BattlePassData, PassLevelData, PassTaskData } from '#app/features/event/api/get-battle-pass.ts';
import {
  caseLock,
  claimAllowed,
  eventCasePath,
  eventTabFromPath,
  eventTabLinks,
  focusLevelIndex,
  levelState,
  passProgressView,
  taskPercent,
  visibleTasks,
  withClaimed,
} from '#app/features/event/utils/event-view.ts';
import { coinLookOf, DEFAULT_COIN_LOOK } from '#app/lib/coin-look.ts';

describe('the tab comes from the path (spec §2 Event screens)', () => {
  it('coin-cases, top and battle-pass open their tabs, in either language', () => {
    for (const prefix of ['', '/en']) {
      expect(eventTabFromPath(`${prefix}/event/coin-cases`)).toBe('coin-cases');
      expect(eventTabFromPath(`${prefix}/event/top`)).toBe('top');
      expect(eventTabFromPath(`${prefix}/event/battle-pass`)).toBe('battle-pass');
      expect(eventTabFromPath(`${prefix}/event/new-cases`)).toBe('new-cases');
    }
  });
  it('anything else is the overview', () => {
    for (const p of [
      '/event',
      '/en/event',
      '/event/',
      '/event/unknown',
      '/leaderboard',
      '/',
      '/en',
      '/event-condition',
      '/events/top',
      '/top',
    ]) {
      expect(eventTabFromPath(p)).toBe('overview');
    }
  });
  it('a page below a tab keeps the tab', () => {
    expect(eventTabFromPath('/event/top/42')).toBe('top');
    expect(eventTabFromPath('/en/event/coin-cases/')).toBe('coin-cases');
  });
});

describe('the tab bar', () => {
  const keys = (tabs: Parameters<typeof eventTabLinks>[0]) => eventTabLinks(tabs).map((t) => t.key);
  it('shows the default four when the event names none (spec §2), the overview first and the coin cases beside the pass', () => {
    expect(keys([])).toEqual(['overview', 'battle-pass', 'coin-cases', 'new-cases', 'free-cases', 'top']);
    expect(keys(null)).toEqual(keys([]));
  });
  it("follows the event's order, leaves techies out and shows a tab once", () => {
    expect(keys(['Top', 'NewCases', 'Techies', 'Top'])).toEqual(['overview', 'top', 'new-cases', 'coin-cases']);
  });
  it('links each tab to its page; free cases are the daily cases page', () => {
    const links = Object.fromEntries(eventTabLinks([]).map((t) => [t.key, t.path]));
    expect(links).toEqual({
      overview: '/event',
      'battle-pass': '/event/battle-pass',
      'coin-cases': '/event/coin-cases',
      'new-cases': '/event/new-cases',
      'free-cases': '/daily-cases',
      top: '/event/top',
    });
    for (const link of eventTabLinks([])) if (link.key !== 'free-cases') expect(eventTabFromPath(link.path)).toBe(link.key);
  });
});

/** A level as GET /api/v1/challenge sends it (camelized), reached at `threshold` coins. */
function level(
  n: number,
  threshold: number,
  flags: Partial<Pick<PassLevelData, 'active' | 'current' | 'done'>> = {},
  tasks: PassTaskData[] = [],
): PassLevelData {
  const f = { active: false, current: false, done: false, ...flags };
  return {
    level: n,
    threshold,
    cost: 0,
    type: n === 50 ? 'ultra' : [15, 30, 40].includes(n) ? 'rare' : 'classic',
    ...f,
    state: f.current ? 'current' : !f.active ? 'locked' : f.done ? 'received' : 'done',
    caseData: [],
    balanceData: { coins: 100, money: 0 },
    tasks,
  };
}

function task(id: number, lvl: number, current: number, end: number): PassTaskData {
  return {
    id,
    level: lvl,
    description: `task ${id}`,
    progressData: { current, end },
    reward: { money: 0, coins: 60, cases: [] },
    task: { type: 'open_cases', options: { ids: [], names: [] } },
    completed: current >= end,
  };
}

function pass(levels: PassLevelData[], currentCoins: number, currentLevel: number | null): BattlePassData {
  return {
    eventId: 1,
    guest: false,
    levels,
    currentCoins,
    currentLevel,
    finished: false,
    claimable: true,
    challengeProgressGradient: '',
    challengeIcons: { coin: '', rare: '', ultra: '', case: '' },
  };
}

describe('the progress bar: coins towards the next level', () => {
  const levels = [level(1, 50), level(2, 150), level(3, 300)];
  it('counts from nothing towards the first level', () => {
    expect(passProgressView(pass(levels, 20, 1))).toMatchObject({ level: 1, coins: 20, from: 0, to: 50, percent: 40, finished: false });
  });
  it('counts from the level before towards the current one', () => {
    expect(passProgressView(pass(levels, 100, 2))).toMatchObject({ level: 2, from: 50, to: 150, percent: 50 });
  });
  it('never leaves 0-100', () => {
    expect(passProgressView(pass(levels, 400, 3)).percent).toBe(100);
    expect(passProgressView(pass(levels, 10, 2)).percent).toBe(0);
    expect(passProgressView(pass(levels, -5, 1))).toMatchObject({ coins: 0, percent: 0 });
  });
  it('is full once the pass is finished (coins and no current level, spec §4)', () => {
    expect(passProgressView(pass(levels, 300, null))).toMatchObject({ level: null, finished: true, percent: 100, to: 300 });
  });
  it('is empty with no coins and no level (a guest before the pass, or a pass with no levels)', () => {
    expect(passProgressView(pass(levels, 0, null))).toMatchObject({ finished: false, percent: 0, level: null });
    expect(passProgressView(pass([], 0, null)).percent).toBe(0);
  });
});

describe('level states and claims (spec §4)', () => {
  const levels = [
    level(1, 50, { active: true, done: true }),
    level(2, 150, { active: true }),
    level(3, 300, { current: true }),
    level(4, 500),
  ];
  it('are read from the flags by the shared rule', () => {
    expect(levels.map(levelState)).toEqual(['received', 'done', 'current', 'locked']);
  });
  it('a claimed level turns received locally, and nothing else changes', () => {
    const before = pass(levels, 200, 3);
    const after = withClaimed(before, 2);
    expect(after.levels.map(levelState)).toEqual(['received', 'received', 'current', 'locked']);
    expect(after.levels[1]!.state).toBe('received');
    expect(before.levels.map(levelState)).toEqual(['received', 'done', 'current', 'locked']);
    expect(after.levels[0]).toBe(before.levels[0]);
    expect(withClaimed(before, 9).levels).toEqual(before.levels);
  });
  it('only a done level of a signed-in player is claimed; a falsy level or a guest is ignored (spec §5)', () => {
    expect(claimAllowed(2, true, 'done')).toBe(true);
    expect(claimAllowed(2, false, 'done')).toBe(false);
    expect(claimAllowed(0, true, 'done')).toBe(false);
    expect(claimAllowed(null, true, 'done')).toBe(false);
    expect(claimAllowed(undefined, true, 'done')).toBe(false);
    for (const s of ['locked', 'current', 'received'] as const) expect(claimAllowed(2, true, s)).toBe(false);
  });
  it('the slider opens at the first reward waiting, else the level being worked towards, else the last', () => {
    expect(focusLevelIndex(pass(levels, 200, 3))).toBe(1);
    expect(focusLevelIndex(pass(withClaimed(pass(levels, 200, 3), 2).levels, 200, 3))).toBe(2);
    const all = [level(1, 50, { active: true, done: true }), level(2, 150, { active: true, done: true })];
    expect(focusLevelIndex(pass(all, 150, null))).toBe(1);
    expect(focusLevelIndex(pass([], 0, null))).toBe(0);
  });
});

describe('the task list (spec §4: up to the current level, only while incomplete)', () => {
  const levels = [
    level(1, 50, { active: true }, [task(1, 1, 3, 3), task(2, 1, 1, 3)]),
    level(2, 150, { current: true }, [task(3, 2, 0, 5)]),
    level(3, 300, {}, [task(4, 3, 0, 1)]),
  ];
  it('lists the incomplete tasks of levels up to the current one, by level', () => {
    expect(visibleTasks(pass(levels, 60, 2)).map((t) => t.id)).toEqual([2, 3]);
  });
  it('hides a task the moment it completes', () => {
    const done = levels.map((l) => ({ ...l, tasks: l.tasks.map((t) => (t.id === 2 ? task(2, 1, 3, 3) : t)) }));
    expect(visibleTasks(pass(done, 60, 2)).map((t) => t.id)).toEqual([3]);
  });
  it('with every level reached, every incomplete task counts', () => {
    expect(visibleTasks(pass(levels, 400, null)).map((t) => t.id)).toEqual([2, 3, 4]);
  });
  it("a guest's pass has no tasks to show", () => {
    expect(
      visibleTasks(
        pass(
          levels.map((l) => ({ ...l, tasks: [] })),
          0,
          1,
        ),
      ),
    ).toEqual([]);
  });
  it('a task bar stays within 0-100', () => {
    expect(taskPercent({ current: 1, end: 3 })).toBeCloseTo(33.33, 1);
    expect(taskPercent({ current: 9, end: 3 })).toBe(100);
    expect(taskPercent({ current: 0, end: 0 })).toBe(100);
  });
});

describe('event case cards', () => {
  it('a locked case names the level it needs; an open one none', () => {
    expect(caseLock({ locked: true, level: 15 })).toEqual({ locked: true, level: 15 });
    expect(caseLock({ locked: false, level: 15 })).toEqual({ locked: false, level: 0 });
    expect(caseLock({ locked: true, level: 0 })).toEqual({ locked: true, level: 0 });
  });
  it("opens on the store's own case page, whatever link the card carries", () => {
    expect(eventCasePath({ slug: 'neon-coins' })).toBe('/open/neon-coins');
    expect(eventCasePath({ slug: 'a b/c' })).toBe('/open/a%20b%2Fc');
  });
});

describe("the coin's look (spec §8: a failed event settings read falls back to #F03573)", () => {
  it('no event, or settings that did not load, is the default coin', () => {
    expect(coinLookOf(null)).toEqual({ icon: null, color: DEFAULT_COIN_COLOR });
    expect(coinLookOf(undefined)).toBe(DEFAULT_COIN_LOOK);
    expect(DEFAULT_COIN_LOOK.color).toBe('#F03573');
  });
  it("takes the event's icon and colour", () => {
    expect(coinLookOf({ coinIcon: '/img/event/coin.svg', coinColor: '#12ab34' })).toEqual({
      icon: '/img/event/coin.svg',
      color: '#12ab34',
    });
    expect(coinLookOf({ coinIcon: 'https://cdn.example.com/c.svg', coinColor: '#fff' }).icon).toBe('https://cdn.example.com/c.svg');
  });
  it('refuses a colour or an icon that is not one, falling back piece by piece', () => {
    expect(coinLookOf({ coinIcon: 'javascript:alert(1)', coinColor: 'red;background:url(x)' })).toEqual(DEFAULT_COIN_LOOK);
    expect(coinLookOf({ coinIcon: '//evil.example/c.svg', coinColor: '#F03573' }).icon).toBeNull();
    expect(coinLookOf({ coinIcon: '', coinColor: '' })).toEqual(DEFAULT_COIN_LOOK);
  });
});
