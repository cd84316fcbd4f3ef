import { describe, expect, it } from 'vitest';
import { balanceView, stepBalanceView } from '#app/lib/balance-delta.ts';

describe('the header balance deltas (spec §4 Sale aggregation)', () => {
  it('shows each change at once outside an aggregation', () => {
    const up = stepBalanceView(balanceView(100), 112.5, false);
    expect(up.delta).toBe(12.5);
    expect(up.view.shown).toBe(112.5);
    const down = stepBalanceView(up.view, 100, false);
    expect(down.delta).toBe(-12.5);
    expect(down.view.seq).toBe(2);
  });

  it('holds money coming in during an aggregation and shows it once when it ends', () => {
    let step = stepBalanceView(balanceView(100), 100, true);
    expect(step.delta).toBeNull();
    step = stepBalanceView(step.view, 110, true);
    expect(step).toMatchObject({ delta: null, view: { shown: 100, held: 10, base: 110 } });
    step = stepBalanceView(step.view, 125.25, true);
    expect(step).toMatchObject({ delta: null, view: { shown: 100, held: 25.25 } });
    step = stepBalanceView(step.view, 125.25, false);
    expect(step.delta).toBe(25.25);
    expect(step.view).toMatchObject({ shown: 125.25, held: 0, base: 125.25 });
  });

  it('shows money going out even during an aggregation, and keeps what it holds', () => {
    let step = stepBalanceView(balanceView(100), 150, true);
    step = stepBalanceView(step.view, 140, true);
    expect(step.delta).toBe(-10);
    expect(step.view).toMatchObject({ shown: 90, held: 50, base: 140 });
    step = stepBalanceView(step.view, 140, false);
    expect(step.delta).toBe(50);
    expect(step.view.shown).toBe(140);
  });

  it('shows nothing when nothing changed, and rounds to cents', () => {
    expect(stepBalanceView(balanceView(10), 10, false).delta).toBeNull();
    expect(stepBalanceView(balanceView(0.1), 0.3, false).delta).toBe(0.2);
  });
});
