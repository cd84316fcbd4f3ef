import { useQuery } from '@tanstack/react-query';
import type { BattleWinningsResponse } from '@store/shared/api/battles';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type BattleWinningsData = Camel<BattleWinningsResponse>;

export const battleWinningsKey = (ulid: string) => ['battle-winnings', ulid] as const;

/**
 * GET /api/battles/winnings: what the player won in a battle and still holds. The battle page
 * offers to sell exactly that, so after a reload it no longer offers winnings already sold.
 */
export function useBattleWinnings(ulid: string, enabled: boolean) {
  const call = useApi();
  return useQuery({
    queryKey: battleWinningsKey(ulid),
    queryFn: () => call<BattleWinningsResponse>(`/api/battles/winnings?battle_ulid=${encodeURIComponent(ulid)}`),
    enabled,
  });
}
