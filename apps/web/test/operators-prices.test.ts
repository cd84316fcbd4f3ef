import { describe, expect, it } from 'vitest';
import { formatChange, formatDrift, lastDone, runStateKey } from '#app/features/operators/utils/prices-view.ts';

const run = (over: Partial<Parameters<typeof runStateKey>[0]>) => ({
  id: 1,
  source: 'sandbox',
  state: 'done' as const,
  stalled: false,
  startedAt: '2026-12-06T10:00:00.000Z',
  finishedAt: null,
  listTime: null,
  seen: 0,
  matched: 0,
  changed: 0,
  missing: 0,
  batches: 0,
  flaggedCases: 0,
  error: null,
  ...over,
});

describe('the console prices page', () => {
  it('writes a price move with its sign and the language comma', () => {
    expect(formatChange(12.345, 'en')).toBe('+12.3%');
    expect(formatChange(-3.05, 'ru')).toBe('−3,0%');
    expect(formatChange(0, 'en')).toBe('0.0%');
  });

  it('writes an RTP drift in percentage points', () => {
    expect(formatDrift(0.0712, 'en')).toBe('+7.1 pp');
    expect(formatDrift(-0.05, 'ru')).toBe('−5,0 п.п.');
  });

  it('names a running run whose lease ran out as stopped, and finds the last finished one', () => {
    expect(runStateKey(run({ state: 'running', stalled: true }))).toBe('stalled');
    expect(runStateKey(run({ state: 'running' }))).toBe('running');
    expect(runStateKey(run({ state: 'failed' }))).toBe('failed');
    expect(lastDone([run({ id: 3, state: 'failed' }), run({ id: 2 }), run({ id: 1 })])?.id).toBe(2);
    expect(lastDone([run({ state: 'abandoned' })])).toBeNull();
  });
});
