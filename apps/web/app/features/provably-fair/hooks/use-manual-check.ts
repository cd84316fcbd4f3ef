import { useQuery } from '@tanstack/react-query';
import { useOdds } from '../api/get-odds.ts';
import { computeManual, type ManualInput } from '../utils/manual-check.ts';

/** A pasted roll recomputed in the browser; a case's roll waits for its odds table. */
export function useManualCheck(input: ManualInput | null) {
  const odds = useOdds(input?.game === 'case' ? input.oddsId : null);
  const ranges = odds.data?.ranges ?? null;
  const result = useQuery({
    queryKey: ['pf-manual', input, ranges ? odds.data?.id : null],
    queryFn: () => computeManual(input!, ranges),
    enabled: input !== null && (input.game !== 'case' || ranges !== null),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return { odds, result };
}
