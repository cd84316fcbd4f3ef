import type { OpenCaseResponse } from '@store/shared/api/cases';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type OpenCaseResult = Camel<OpenCaseResponse>;
export type OpeningData = OpenCaseResult['opens'][number];

/**
 * POST /api/v1/cases/{name}/open with multi_open, or, for a free opening the player holds,
 * POST /api/v1/cases/free/{id}/open (the same answer); a retry with the same key is answered once.
 */
export function useOpenCase(slug: string, freeOpeningId: number | null = null) {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (count: number, idempotencyKey) =>
      freeOpeningId !== null
        ? call<OpenCaseResponse>(`/api/v1/cases/free/${freeOpeningId}/open`, { method: 'POST', idempotencyKey })
        : call<OpenCaseResponse>(`/api/v1/cases/${encodeURIComponent(slug)}/open`, { body: { multi_open: count }, idempotencyKey }),
  });
}
