import { describe, expect, it } from 'vitest';
import {
  OPERATOR_REFUND_REASON,
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_FAILED_SHOWN_MS,
  WITHDRAWAL_STUCK_AFTER_MS,
  withdrawalActionRefusal,
  withdrawalAttention,
} from '../src/api/operator-queue.ts';
import { WITHDRAWAL_STATES, type WithdrawalState } from '../src/withdrawals.ts';

const now = new Date('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('what needs an operator', () => {
  const of = (state: WithdrawalState, updatedAt: Date, itemWaiting = true, reason: string | null = null) => withdrawalAttention({ state, reason, updatedAt, itemWaiting }, now);

  it('handed over and unconfirmed at once; a moving state only once stuck', () => {
    expect(of('support', now)).toBe('support');
    expect(of('unconfirmed', now)).toBe('unconfirmed');
    for (const s of ['queued', 'buying', 'waiting_seller', 'offer_sent'] as const) {
      expect(of(s, ago(WITHDRAWAL_STUCK_AFTER_MS))).toBeNull();
      expect(of(s, ago(WITHDRAWAL_STUCK_AFTER_MS + 1))).toBe('stuck');
    }
  });

  it('a failure while its item waits unsent, for a week, unless an operator refunded it; never a delivered one', () => {
    expect(of('failed', ago(WITHDRAWAL_FAILED_SHOWN_MS))).toBe('failed');
    expect(of('unavailable', now)).toBe('failed');
    expect(of('failed', ago(WITHDRAWAL_FAILED_SHOWN_MS + 1))).toBeNull();
    expect(of('failed', now, false)).toBeNull();
    expect(of('failed', now, true, OPERATOR_REFUND_REASON)).toBeNull();
    expect(of('accepted', ago(WITHDRAWAL_FAILED_SHOWN_MS * 2))).toBeNull();
  });
});

describe('which action an operator may take', () => {
  const refusal = (action: (typeof WITHDRAWAL_ACTIONS)[number], state: WithdrawalState, o: { updatedAt?: Date; working?: boolean; reason?: string | null } = {}) =>
    withdrawalActionRefusal(action, { state, reason: o.reason ?? null, updatedAt: o.updatedAt ?? ago(WITHDRAWAL_STUCK_AFTER_MS + 1), working: o.working ?? false }, now);

  it('takes every action on a handed-over withdrawal, none on a delivered one', () => {
    for (const a of WITHDRAWAL_ACTIONS) {
      expect(refusal(a, 'support')).toBeNull();
      expect(refusal(a, 'accepted')).toBe('withdrawal_state_conflict');
    }
  });

  it('only resends a failed one (its item is already back), and not one an operator refunded', () => {
    for (const s of ['failed', 'unavailable'] as const) {
      expect(refusal('retry', s)).toBeNull();
      expect(refusal('refund', s)).toBe('withdrawal_state_conflict');
      expect(refusal('delivered', s)).toBe('withdrawal_state_conflict');
    }
    expect(refusal('retry', 'failed', { reason: OPERATOR_REFUND_REASON })).toBe('withdrawal_state_conflict');
  });

  it('leaves a moving withdrawal to the worker until it is stuck, and one a worker holds always', () => {
    for (const s of ['queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent'] as const) {
      expect(refusal('refund', s)).toBeNull();
      expect(refusal('delivered', s)).toBeNull();
      expect(refusal('retry', s)).toBe('withdrawal_state_conflict');
      expect(refusal('refund', s, { updatedAt: ago(60_000) })).toBe('withdrawal_busy');
    }
    expect(refusal('refund', 'support', { working: true })).toBe('withdrawal_busy');
    expect(WITHDRAWAL_STATES.filter((s) => refusal('refund', s) === null)).not.toContain('accepted');
  });
});
