import { useMutation } from '@tanstack/react-query';
import type { CaseCreateBody, OperatorCase } from '@store/shared/api/operator-cases';
import { useApi } from '#app/lib/use-api.ts';

/** POST /api/v1/admin/cases: a new GOLD case with its first odds table; answers the case made. */
export function useCreateCase() {
  const call = useApi();
  return useMutation({ mutationFn: (body: CaseCreateBody) => call<OperatorCase>('/api/v1/admin/cases', { body }) });
}
