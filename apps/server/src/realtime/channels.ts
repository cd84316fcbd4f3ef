import { LIVE_DROPS_CHANNEL } from '@store/shared/api/live';
import { UPGRADES_LIVE_CHANNEL } from '@store/shared/api/upgrades';
import { CONTRACTS_LIVE_CHANNEL } from '@store/shared/api/contracts';
import { BATTLES_LIST_CHANNEL } from '@store/shared/api/battles';

/**
 * The channels a websocket may subscribe to, listed explicitly: anything not named here (the
 * bus's `internal:*` channels among them) is never reachable from /ws.
 */
const PUBLIC_EXACT = new Set<string>([LIVE_DROPS_CHANNEL, UPGRADES_LIVE_CHANNEL, CONTRACTS_LIVE_CHANNEL, BATTLES_LIST_CHANNEL]);
const PUBLIC_PATTERNS = [/^battle#[0-9A-HJKMNP-TV-Z]{26}$/];
const PRIVATE_USER = /^user#([1-9]\d{0,9})$/;

export type ChannelAccess = { kind: 'public' } | { kind: 'private'; userId: number } | { kind: 'none' };

export function channelAccess(channel: string): ChannelAccess {
  if (PUBLIC_EXACT.has(channel) || PUBLIC_PATTERNS.some((p) => p.test(channel))) return { kind: 'public' };
  const m = PRIVATE_USER.exec(channel);
  if (m) return { kind: 'private', userId: Number(m[1]) };
  return { kind: 'none' };
}

export const privateChannel = (userId: number) => `user#${userId}`;
