import { BATTLE_CHANNEL_PATTERN, PUBLIC_CHANNELS, TOP_CHANNEL_PATTERN, USER_CHANNEL_PATTERN, userChannel } from '@store/shared/channels';

/**
 * The channels a websocket may subscribe to, listed explicitly: anything not named here (the
 * bus's `internal:*` channels among them) is never reachable from /ws.
 */
const PUBLIC_EXACT = new Set<string>(PUBLIC_CHANNELS);
const PUBLIC_PATTERNS = [BATTLE_CHANNEL_PATTERN, TOP_CHANNEL_PATTERN];
const PRIVATE_USER = USER_CHANNEL_PATTERN;

export type ChannelAccess = { kind: 'public' } | { kind: 'private'; userId: number } | { kind: 'none' };

export function channelAccess(channel: string): ChannelAccess {
  if (PUBLIC_EXACT.has(channel) || PUBLIC_PATTERNS.some((p) => p.test(channel))) return { kind: 'public' };
  const m = PRIVATE_USER.exec(channel);
  if (m) return { kind: 'private', userId: Number(m[1]) };
  return { kind: 'none' };
}

export const privateChannel = userChannel;
