import type { OutcomeKind } from '@store/shared/api/provably-fair';

export const OUTCOME_KINDS: readonly OutcomeKind[] = ['case', 'upgrade', 'contract', 'battle', 'techies'];

export const isOutcomeKind = (v: unknown): v is OutcomeKind => OUTCOME_KINDS.includes(v as OutcomeKind);

/** The outcome a check link names (`?kind=case&id=123`), or null when it names none the store has. */
export function checkTarget(params: URLSearchParams): { kind: OutcomeKind; id: string } | null {
  const kind = params.get('kind');
  const id = params.get('id') ?? '';
  return isOutcomeKind(kind) && /^[0-9A-Za-z]{1,40}$/.test(id) ? { kind, id } : null;
}
