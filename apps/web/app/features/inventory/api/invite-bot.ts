import type { z } from 'zod';
import type { botInviteResult } from '@store/shared/api/withdrawals';
import type { ApiCaller } from '#app/lib/api.ts';

/** POST /api/v1/users/steam/bot-invite: the store's Steam bot, whose profile the player adds as a friend. */
export const inviteBot = (call: ApiCaller) => call<z.infer<typeof botInviteResult>>('/api/v1/users/steam/bot-invite', { method: 'POST' });

export const steamProfileUrl = (steamId: string) => `https://steamcommunity.com/profiles/${encodeURIComponent(steamId)}`;
