import { useQuery } from '@tanstack/react-query';
import type { FairOutcome, OutcomeKind } from '@store/shared/api/provably-fair';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type FairOutcomeData = Camel<FairOutcome>;
export const anyOutcomeKey = ['pf-outcome'] as const;

/** GET /api/v1/provably-fair/outcomes/{kind}/{id}: one outcome with everything that verifies it; public, so it can be shared. */
export const getOutcome = (call: ApiCaller, kind: OutcomeKind, id: string) =>
  call<FairOutcome>(`/api/v1/provably-fair/outcomes/${kind}/${encodeURIComponent(id)}`);

export function useOutcome(target: { kind: OutcomeKind; id: string } | null, initial: FairOutcomeData | null) {
  const call = useApi();
  return useQuery({
    queryKey: [...anyOutcomeKey, target?.kind, target?.id],
    queryFn: () => getOutcome(call, target!.kind, target!.id),
    enabled: target !== null,
    initialData: initial && target && initial.kind === target.kind && initial.id === target.id ? initial : undefined,
    retry: false,
    gcTime: 60_000,
  });
}
