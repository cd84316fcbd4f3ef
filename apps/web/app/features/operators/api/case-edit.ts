import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseEditBody, OperatorCase } from '@store/shared/api/operator-cases';
import { useApi } from '#app/lib/use-api.ts';
import { caseKey } from './case-detail.ts';

/** PATCH /api/v1/admin/cases/:id: the changed fields (a price leaving the RTP guard needs `confirm_rtp`); answers the case as it now is. */
export function useEditCase(id: number) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseEditBody) => call<OperatorCase>(`/api/v1/admin/cases/${id}`, { method: 'PATCH', body }),
    onSuccess: (c) => client.setQueryData(caseKey(id), c),
  });
}
