import { useMutation } from '@tanstack/react-query';
import type { OpenCaseResponse } from '@store/shared/api/cases';
import type { Camel } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export type OpenCaseResult = Camel<OpenCaseResponse>;
export type OpeningData = OpenCaseResult['opens'][number];

/** POST /api/v1/cases/{name}/open with multi_open; a retry with the same key is answered once. */
export function useOpenCase(slug: string) {
  const call = useApi();
  return useMutation({
    mutationFn: (count: number) =>
      call<OpenCaseResponse>(`/api/v1/cases/${encodeURIComponent(slug)}/open`, { body: { multi_open: count }, idempotent: true }),
  });
}
