import { describe, expect, it } from 'vitest';
import {
  dashboardChoiceOf,
  dashboardQueryOf,
  dashboardSearchOf,
  formatDay,
  formatRtp,
  rtpGap,
} from '#app/features/operators/utils/dashboard-period.ts';

describe('the dashboard period in the address', () => {
  it('reads a preset or a chosen period, and anything else as the default 30 days', () => {
    expect(dashboardChoiceOf(new URLSearchParams('days=7'))).toEqual({ kind: 'preset', days: 7 });
    expect(dashboardChoiceOf(new URLSearchParams('from=2025-01-01&to=2025-01-10'))).toEqual({
      kind: 'custom',
      from: '2025-01-01',
      to: '2025-01-10',
    });
    for (const q of ['', 'days=8', 'days=x', 'from=2025-01-01', 'from=2025-02-30&to=2025-03-01'])
      expect(dashboardChoiceOf(new URLSearchParams(q)), q).toEqual({ kind: 'preset', days: 30 });
  });

  it('writes the page’s address and the API’s query', () => {
    expect(dashboardSearchOf({ kind: 'preset', days: 30 })).toBe('');
    expect(dashboardSearchOf({ kind: 'preset', days: 90 })).toBe('?days=90');
    expect(dashboardSearchOf({ kind: 'custom', from: '2025-01-01', to: '2025-01-10' })).toBe('?from=2025-01-01&to=2025-01-10');
    expect(dashboardQueryOf({ kind: 'preset', days: 7 }, '2026-11-27')).toBe('?from=2026-11-21&to=2026-11-27');
    expect(dashboardQueryOf({ kind: 'custom', from: '2025-01-01', to: '2025-01-10' }, '2026-11-27')).toBe('?from=2025-01-01&to=2025-01-10');
  });
});

describe('the return-to-player gap', () => {
  it('marks 10 points and more as big, 3 and more as some, and nothing unknown', () => {
    expect(rtpGap(0.8, 0.92)).toBe('big');
    expect(rtpGap(1.1, 0.9)).toBe('big');
    expect(rtpGap(0.86, 0.9)).toBe('some');
    expect(rtpGap(0.91, 0.9)).toBe('none');
    expect(rtpGap(null, 0.9)).toBe('none');
    expect(rtpGap(0.5, null)).toBe('none');
  });

  it('writes a return as a percent with one decimal and a day in the operator’s language', () => {
    expect(formatRtp(0.92345, 'en')).toBe('92.3%');
    expect(formatRtp(0.92345, 'ru')).toBe('92,3%');
    expect(formatRtp(null)).toBe('—');
    expect(formatDay('2026-11-27', 'ru')).toBe('27.11');
    expect(formatDay('2026-11-27', 'en')).toBe('Nov 27');
  });
});
