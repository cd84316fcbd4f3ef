import type { z } from 'zod';
import type { TechiesGame, techiesCurrent } from '@store/shared/api/techies';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type TechiesGameData = Camel<TechiesGame>;

/** GET /api/v1/techies/game: the player's open game, if any (a game survives a reload). */
export const getTechiesGame = async (call: ApiCaller): Promise<TechiesGameData | null> =>
  (await call<z.infer<typeof techiesCurrent>>('/api/v1/techies/game')).game;
