import { ADJUSTMENT_REASON } from '@store/shared/operators';

/** The largest adjustment either way, as the server's schema allows (packages/shared/src/api/operators.ts). */
export const ADJUSTMENT_LIMIT = 10_000_000;

export type AdjustmentProblem = 'amount_format' | 'amount_zero' | 'amount_limit' | 'reason_length';
export type AdjustmentCheck = { ok: true; amount: number; reason: string } | { ok: false; field: 'amount' | 'reason'; problem: AdjustmentProblem };

/**
 * What the operator typed, checked before the confirmation step: a signed amount with at most 2
 * decimals (a comma counts as the point), not zero and within the limit, and a reason of 3 to 500
 * characters once trimmed. The server checks the same again.
 */
export function checkAdjustment(amountText: string, reasonText: string): AdjustmentCheck {
  const text = amountText.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(text)) return { ok: false, field: 'amount', problem: 'amount_format' };
  const amount = Number(text);
  if (amount === 0) return { ok: false, field: 'amount', problem: 'amount_zero' };
  if (Math.abs(amount) > ADJUSTMENT_LIMIT) return { ok: false, field: 'amount', problem: 'amount_limit' };
  const reason = reasonText.trim();
  if (reason.length < ADJUSTMENT_REASON.min || reason.length > ADJUSTMENT_REASON.max) return { ok: false, field: 'reason', problem: 'reason_length' };
  return { ok: true, amount, reason };
}

/** The wallet's balance the confirmation step announces; a debit below zero is the server's to refuse. */
export const balanceAfter = (balance: number, amount: number): number => Math.round((balance + amount) * 100) / 100;
