import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContractPreview } from '@store/shared/api/contracts';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type ContractPreviewData = Camel<ContractPreview>;
export type ContractOutcomeData = ContractPreviewData['outcomes'][number];

/** POST /api/v1/contracts/preview: the outcome table a selection would be signed with. */
export function useContractPreview(ids: number[], enabled: boolean) {
  const call = useApi();
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['contract-preview', sorted.join(',')],
    queryFn: () => call<ContractPreview>('/api/v1/contracts/preview', { body: { user_item_ids: sorted } }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
