import { useQuery } from '@tanstack/react-query';
import type { FairOutcomeData } from '../api/get-outcome.ts';
import { verifyOutcome } from '../utils/verify-outcome.ts';

/** The outcome recomputed in the browser with a server seed (the revealed one or a pasted one); idle without a seed. */
export function useVerification(outcome: FairOutcomeData, serverSeed: string | null) {
  return useQuery({
    queryKey: ['pf-verify', serverSeed, outcome],
    queryFn: () => verifyOutcome(outcome, serverSeed!),
    enabled: !!serverSeed,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
