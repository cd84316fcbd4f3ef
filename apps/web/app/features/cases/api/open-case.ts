import type { OpenCaseResponse } from '@store/shared/api/cases';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type OpenCaseResult = Camel<OpenCaseResponse>;
export type OpeningData = OpenCaseResult['opens'][number];

/** POST /api/v1/cases/{name}/open with multi_open; a retry with the same key is answered once. */
export function useOpenCase(slug: string) {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: (count: number, idempotencyKey) =>
      call<OpenCaseResponse>(`/api/v1/cases/${encodeURIComponent(slug)}/open`, { body: { multi_open: count }, idempotencyKey }),
  });
}
