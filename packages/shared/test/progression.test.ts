import { describe, expect, it } from 'vitest';
import { LEADERBOARD_SCORING, LEADERBOARD_TYPES, scoreOf } from '../src/leaderboards.ts';
import { TASK_RULES, TASK_TYPES, taskStep } from '../src/events.ts';
import { SPENDING_KINDS } from '../src/levels.ts';
import {
  ACTIVITY_KINDS,
  EXP_KINDS,
  expForSpend,
  kindsOfMission,
  LEADERBOARD_MEASURES,
  measureOf,
  MINOR_PER_EXP,
  PROGRESSION,
  TASK_MEASURES,
} from '../src/progression.ts';

const PAID = ['case_open', 'offer_purchase', 'upgrade', 'contract', 'battle_finished'];
const OPENINGS = ['case_open', 'daily_case', 'free_case'];

describe('what each activity counts for', () => {
  it('every paid game earns experience, one point per whole GOLD, and nothing else does', () => {
    expect(EXP_KINDS).toEqual(PAID);
    expect(SPENDING_KINDS).toEqual(PAID);
    expect(MINOR_PER_EXP).toBe(100);
    expect([0, -500, 99, 100, 199, 12_345].map(expForSpend)).toEqual([0, 0, 0, 1, 1, 123]);
  });

  it('the boards count what the store promises: spent by paid games, won by every game, paid openings, battles and upgrades won', () => {
    expect(LEADERBOARD_TYPES).toEqual(['spent', 'won', 'cases_opened', 'battles_won', 'upgrade_wins']);
    expect(LEADERBOARD_SCORING).toEqual({
      spent: { kinds: PAID, measure: 'amount' },
      won: { kinds: ['case_open', 'daily_case', 'free_case', 'offer_purchase', 'upgrade', 'contract', 'battle_finished'], measure: 'won' },
      cases_opened: { kinds: ['case_open'], measure: 'count' },
      battles_won: { kinds: ['battle_finished'], measure: 'win' },
      upgrade_wins: { kinds: ['upgrade'], measure: 'win' },
    });
  });

  it('the tasks count a player\'s own games, free and daily cases included', () => {
    expect(TASK_TYPES).toEqual(Object.keys(TASK_MEASURES));
    expect(TASK_RULES).toEqual({
      open_cases: { kinds: OPENINGS, measure: 'count' },
      win_battles: { kinds: ['battle_finished'], measure: 'win' },
      play_battles: { kinds: ['battle_finished'], measure: 'one' },
      make_upgrades: { kinds: ['upgrade'], measure: 'one' },
      sign_contracts: { kinds: ['contract'], measure: 'one' },
      spend: { kinds: PAID, measure: 'amount' },
      deposit: { kinds: ['deposit'], measure: 'amount' },
    });
  });

  it('the opening mission counts every case opened, and an offer bundle is not one', () => {
    expect(kindsOfMission('open_cases')).toEqual(OPENINGS);
  });

  it('sales and withdrawals count for nothing, and every counter counts some kind', () => {
    expect(ACTIVITY_KINDS).toEqual(['case_open', 'daily_case', 'free_case', 'offer_purchase', 'upgrade', 'contract', 'battle_finished', 'deposit', 'sale', 'withdrawal']);
    expect(PROGRESSION.sale).toEqual({});
    expect(PROGRESSION.withdrawal).toEqual({});
    for (const type of LEADERBOARD_TYPES) expect(LEADERBOARD_SCORING[type].kinds.length, type).toBeGreaterThan(0);
    for (const type of TASK_TYPES) expect(TASK_RULES[type].kinds.length, type).toBeGreaterThan(0);
    expect(Object.keys(LEADERBOARD_MEASURES)).toEqual(LEADERBOARD_TYPES);
  });

  it('each measure reads its figure, never below zero', () => {
    const a = { kind: 'upgrade', amount: 500, won: 0, count: 3 };
    expect(['amount', 'won', 'count', 'win', 'one'].map((m) => measureOf(m as never, a))).toEqual([500, 0, 3, 0, 1]);
    const b = { kind: 'upgrade', amount: -5, won: 70, count: -2 };
    expect(['amount', 'won', 'count', 'win', 'one'].map((m) => measureOf(m as never, b))).toEqual([0, 70, 0, 1, 1]);
  });

  it('a board and a task score an activity by the table, and nothing outside it', () => {
    const win = { kind: 'battle_finished', amount: 1_000, won: 2_500, count: 1 };
    expect(LEADERBOARD_TYPES.map((t) => scoreOf(t, win))).toEqual([1_000, 2_500, 0, 1, 0]);
    expect(TASK_TYPES.map((t) => taskStep(t, null, win))).toEqual([0, 1, 1, 0, 0, 1_000, 0]);
    const sale = { kind: 'sale', amount: 1_000, won: 1_000, count: 1 };
    expect(LEADERBOARD_TYPES.map((t) => scoreOf(t, sale))).toEqual([0, 0, 0, 0, 0]);
    expect(TASK_TYPES.map((t) => taskStep(t, null, sale))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
