import { describe, expect, it } from 'vitest';
import { addDays, dashboardPeriod, isCalendarDay, periodDays } from '../src/dashboard.ts';

describe('the dashboard period', () => {
  it('defaults to the 30 days that end today, or that end at a given last day', () => {
    expect(dashboardPeriod({}, '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(dashboardPeriod({ to: '2026-03-01' }, '2026-11-27')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(dashboardPeriod({ from: '2026-11-01' }, '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
  });

  it('takes one day and up to 366, refuses a reversed or longer period', () => {
    expect(dashboardPeriod({ from: '2026-05-05', to: '2026-05-05' }, '2026-11-27')).toEqual({ from: '2026-05-05', to: '2026-05-05' });
    expect(dashboardPeriod({ from: '2024-01-01', to: '2024-12-31' }, '2026-11-27')).not.toBeNull();
    expect(dashboardPeriod({ from: '2024-01-01', to: '2025-01-01' }, '2026-11-27')).toBeNull();
    expect(dashboardPeriod({ from: '2026-05-06', to: '2026-05-05' }, '2026-11-27')).toBeNull();
    expect(dashboardPeriod({ from: '2026-12-01' }, '2026-11-27')).toBeNull();
  });

  it('counts days across months, leap days and the year’s end', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(periodDays('2026-03-28', '2026-03-30')).toBe(3);
  });

  it('knows a calendar day from anything else', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-1', 'yesterday', '2025-01-01T00:00:00Z', ''])
      expect(isCalendarDay(bad), bad).toBe(false);
  });
});
