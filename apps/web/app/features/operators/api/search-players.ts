import type { z } from 'zod';
import type { operatorPlayersResponse } from '@store/shared/api/operators';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

type PlayersResponse = z.infer<typeof operatorPlayersResponse>;
export type PlayersData = Camel<PlayersResponse>;

/** GET /api/v1/admin/players?q=: players by id, login, nickname, Steam login or SteamID64. */
export const searchPlayers = (call: ApiCaller, q: string) => call<PlayersResponse>(`/api/v1/admin/players?${new URLSearchParams({ q })}`);
