import type { OpenCaseResponse } from '@store/shared/api/cases';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type OpenCaseResult = Camel<OpenCaseResponse>;
export type OpeningData = OpenCaseResult['opens'][number];

/** The event coins an answer's openings gave together (0 for cases that give none). */
export const coinsGained = (res: { opens: readonly { coins: number }[] }): number =>
  res.opens.reduce((sum, o) => sum + Math.max(0, o.coins), 0);

/**
 * The coin wallet to show while the roulette still runs: what the opening cost is taken at once
 * (a coin case), what it gave is not, so the header does not give the outcome away.
 */
export const coinBalanceBeforeReveal = (res: { opens: readonly { coins: number }[]; coinBalance: number }): number =>
  res.coinBalance - coinsGained(res);

/**
 * POST /api/v1/cases/{name}/open with multi_open, or, for a free opening the player holds,
 * POST /api/v1/cases/free/{id}/open (the same answer); a retry with the same key is answered once.
 */
export function useOpenCase(slug: string, freeOpeningId: number | null = null) {
  const call = useApi();
  return useIdempotentMutation({
    // `fast`: the roulette the player chose, so the live ribbon shows the drops when it stops.
    mutationFn: ({ count, fast }: { count: number; fast: boolean }, idempotencyKey) =>
      freeOpeningId !== null
        ? call<OpenCaseResponse>(`/api/v1/cases/free/${freeOpeningId}/open`, { method: 'POST', idempotencyKey })
        : call<OpenCaseResponse>(`/api/v1/cases/${encodeURIComponent(slug)}/open`, { body: { multi_open: count, fast }, idempotencyKey }),
  });
}
