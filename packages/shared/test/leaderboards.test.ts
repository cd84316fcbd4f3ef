import { describe, expect, it } from 'vitest';
import {
  LEADERBOARD_TYPES,
  compareStanding,
  endedRange,
  isMoneyScore,
  positionLabel,
  prizesAmount,
  scoreOf,
  weekOf,
} from '../src/leaderboards.ts';

const act = (kind: string, amount = 0, won = 0, count = 1) => ({ kind, amount, won, count });

describe('scoring', () => {
  it('counts what each board type names, and nothing else', () => {
    expect(scoreOf('spent', act('case_open', 1250, 300, 5))).toBe(1250);
    expect(scoreOf('spent', act('battle_finished', 900, 0))).toBe(900);
    expect(scoreOf('spent', act('deposit', 10_000))).toBe(0);
    expect(scoreOf('spent', act('sale', 0, 500))).toBe(0);
    expect(scoreOf('won', act('upgrade', 100, 700))).toBe(700);
    expect(scoreOf('won', act('free_case', 0, 40))).toBe(40);
    expect(scoreOf('won', act('sale', 0, 500))).toBe(0);
    expect(scoreOf('cases_opened', act('case_open', 500, 0, 3))).toBe(3);
    expect(scoreOf('cases_opened', act('daily_case', 0, 50, 1))).toBe(0);
    expect(scoreOf('battles_won', act('battle_finished', 300, 1200))).toBe(1);
    expect(scoreOf('battles_won', act('battle_finished', 300, 0))).toBe(0);
    expect(scoreOf('upgrade_wins', act('upgrade', 300, 1))).toBe(1);
    expect(scoreOf('upgrade_wins', act('upgrade', 300, 0))).toBe(0);
    expect(scoreOf('upgrade_wins', act('contract', 300, 500))).toBe(0);
  });

  it('scores every kind of activity by a table a person can check', () => {
    // One activity of each kind: put in 1000, got back 400, 3 things counted.
    const kinds = [
      'case_open',
      'daily_case',
      'free_case',
      'offer_purchase',
      'upgrade',
      'contract',
      'battle_finished',
      'deposit',
      'sale',
      'withdrawal',
    ];
    const table = Object.fromEntries(LEADERBOARD_TYPES.map((type) => [type, kinds.map((k) => scoreOf(type, act(k, 1000, 400, 3)))]));
    expect(table).toEqual({
      //             open  daily free  offer  upgr  contr battle dep  sale  withdr
      spent: [1000, 0, 0, 1000, 1000, 1000, 1000, 0, 0, 0],
      won: [400, 400, 400, 400, 400, 400, 400, 0, 0, 0],
      cases_opened: [3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      battles_won: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
      upgrade_wins: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
    });
  });

  it('never takes a score away', () => {
    expect(scoreOf('spent', act('case_open', -5))).toBe(0);
    expect(scoreOf('won', act('contract', 0, -5))).toBe(0);
    expect(scoreOf('cases_opened', act('case_open', 0, 0, -1))).toBe(0);
  });

  it('knows which scores are money', () => {
    expect(isMoneyScore('spent')).toBe(true);
    expect(isMoneyScore('won')).toBe(true);
    expect(isMoneyScore('cases_opened')).toBe(false);
    expect(isMoneyScore('battles_won')).toBe(false);
  });

  it('ranks the higher score first, and on a tie whoever reached it first', () => {
    const rows = [
      { name: 'late', score: 500, reachedId: 90 },
      { name: 'top', score: 900, reachedId: 95 },
      { name: 'early', score: 500, reachedId: 12 },
    ];
    expect([...rows].sort(compareStanding).map((r) => r.name)).toEqual(['top', 'early', 'late']);
  });
});

describe('places and prizes', () => {
  it('shows a place up to 1000, then 1000+, and a dash for none', () => {
    expect(positionLabel(1)).toBe('1');
    expect(positionLabel(1000)).toBe('1000');
    expect(positionLabel(1001)).toBe('1000+');
    expect(positionLabel(null)).toBe('—');
    expect(positionLabel(undefined)).toBe('—');
    expect(positionLabel(0)).toBe('—');
    expect(positionLabel(2.5)).toBe('—');
  });

  it('rounds the prize fund down to whole units', () => {
    expect(prizesAmount([199, 100])).toBe(2);
    expect(prizesAmount([12_345_67, 99])).toBe(12_346);
    expect(prizesAmount([99])).toBe(0);
    expect(prizesAmount([])).toBe(0);
  });
});

describe('weekly periods', () => {
  it('run from Monday 00:00 UTC to the next Monday', () => {
    const sunday = weekOf(new Date('2026-11-29T23:59:59Z'));
    expect(sunday.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(sunday.end.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(weekOf(new Date('2026-11-30T00:00:00Z')).start.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(weekOf(new Date('2026-11-25T14:00:00Z')).start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('an ended board', () => {
  it('writes the days it ran, DD.MM.YYYY — DD.MM.YYYY', () => {
    expect(endedRange('2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z')).toBe('16.11.2026 — 22.11.2026');
    expect(endedRange('2026-12-28T10:00:00.000Z', '2027-01-03T18:30:00.000Z')).toBe('28.12.2026 — 03.01.2027');
    expect(endedRange('nonsense', '2027-01-03T18:30:00.000Z')).toBe(' — 03.01.2027');
  });
});
