import { useQuery } from '@tanstack/react-query';
import type { OperatorCase } from '@store/shared/api/operator-cases';
import type { ApiCaller } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import type { CaseData } from '../utils/case-fields.ts';

export const caseKey = (id: number) => ['operators', 'case', id] as const;

/** GET /api/v1/admin/cases/:id: every editable field, the current odds with their figures, the older versions. */
export const getCase = (call: ApiCaller, id: number) => call<OperatorCase>(`/api/v1/admin/cases/${id}`);

export function useCase(initial: CaseData) {
  const call = useApi();
  return useQuery({ queryKey: caseKey(initial.id), queryFn: () => getCase(call, initial.id), initialData: initial, staleTime: 10_000 });
}
