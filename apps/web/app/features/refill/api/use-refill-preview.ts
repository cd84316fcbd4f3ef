import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TransactionPreviewResponse } from '@store/shared/api/payments';
import { retryQuery, type Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type RefillPreviewData = Camel<TransactionPreviewResponse>;
const DEBOUNCE_MS = 250;

/**
 * What the deposit being typed would credit, asked of the server (GET /transaction/preview): the
 * figures come from the rule the credit itself uses, so the form cannot promise another sum.
 * Asked 250 ms after the inputs settle; the last figures stay while the next ones load.
 */
export function useRefillPreview(input: { country: string; methodId: number; amount: number; code: string | null } | null) {
  const call = useApi();
  const [settled, setSettled] = useState(input);
  const key = input && `${input.country}/${input.methodId}/${input.amount}/${input.code ?? ''}`;
  useEffect(() => {
    const timer = setTimeout(() => setSettled(input), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // The key stands for the input: a new object with the same values is the same input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const query = useQuery({
    queryKey: ['refill-preview', settled?.country, settled?.methodId, settled?.amount, settled?.code],
    queryFn: () => {
      const q = new URLSearchParams({ country: settled!.country, method_id: String(settled!.methodId), amount: String(settled!.amount) });
      if (settled!.code) q.set('promo_code', settled!.code);
      return call<TransactionPreviewResponse>(`/api/v1/payments/transaction/preview?${q}`);
    },
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: retryQuery,
  });
  const settledKey = settled && `${settled.country}/${settled.methodId}/${settled.amount}/${settled.code ?? ''}`;
  return {
    data: input && !query.isError ? (query.data ?? null) : null,
    // Figures still of earlier inputs are shown dimmed until the new ones arrive.
    fresh: key === settledKey && !query.isPlaceholderData && !query.isFetching,
  };
}
