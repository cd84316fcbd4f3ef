import type { PublicUser } from '@store/shared/api/users';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type PublicUserData = Camel<PublicUser>;

/** GET /api/v1/users/{id}: a player's public profile. */
export const getUser = (call: ApiCaller, userId: number) => call<PublicUser>(`/api/v1/users/${userId}`);
