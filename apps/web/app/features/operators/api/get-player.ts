import { useQuery } from '@tanstack/react-query';
import type { OperatorPlayer } from '@store/shared/api/operators';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PlayerData = Camel<OperatorPlayer>;
export const playerKey = (id: number) => ['operators', 'player', id] as const;

/** GET /api/v1/admin/players/:id: the profile, wallets, role and blocked state. */
export const getPlayer = (call: ApiCaller, id: number) => call<OperatorPlayer>(`/api/v1/admin/players/${id}`);

export function usePlayer(initial: PlayerData) {
  const call = useApi();
  return useQuery({ queryKey: playerKey(initial.id), queryFn: () => getPlayer(call, initial.id), initialData: initial, staleTime: 10_000 });
}
