import { describe, expect, it } from 'vitest';
import * as channels from '../src/channels.ts';

describe('websocket channel and event names', () => {
  it('are the published names the spec and the pages rely on', () => {
    const { battleChannel: _b, userChannel: _u, topChannel: _t, BATTLE_CHANNEL_PATTERN: _bp, USER_CHANNEL_PATTERN: _up, TOP_CHANNEL_PATTERN: _tp, ...names } = channels;
    expect(names).toEqual({
      LIVE_DROPS_CHANNEL: 'LiveDrops/CSDropItems',
      LIVE_DROP_EVENT: 'drop',
      UPGRADES_LIVE_CHANNEL: 'Upgrades/Live',
      UPGRADE_LIVE_EVENT: 'upgrade',
      CONTRACTS_LIVE_CHANNEL: 'Contracts/Live',
      CONTRACT_LIVE_EVENT: 'contract',
      BATTLES_LIST_CHANNEL: 'battles_active',
      BATTLE_UPDATED_EVENT: 'battles_battle_updated',
      BATTLE_EMOJI_EVENT: 'battles_emoji_sent',
      BATTLE_STATE_EVENT: 'statechange',
      BATTLE_SPECTATORS_EVENT: 'battles_spectators',
      TOP_CHANGED_EVENT: 'top_changed',
      TOP_REWARD_EVENT: 'top_reward',
      LIVE_SALE_EVENT: 'live_sale',
      SELL_DONE_EVENT: 'sell_done',
      EVENT_COINS_EVENT: 'event_coins',
      WITHDRAWAL_EVENT: 'withdrawal_status',
      PUBLIC_CHANNELS: ['LiveDrops/CSDropItems', 'Upgrades/Live', 'Contracts/Live', 'battles_active'],
    });
  });

  it("name a battle's channel by its ULID and accept nothing else as one", () => {
    const ulid = '01JD8X3Q9ZK7M2N4P6R8T0V1WY';
    expect(channels.battleChannel(ulid)).toBe(`battle#${ulid}`);
    expect(channels.BATTLE_CHANNEL_PATTERN.test(channels.battleChannel(ulid))).toBe(true);
    for (const bad of [`battle#${ulid.slice(1)}`, `battle#${ulid}0`, `battle#${ulid.toLowerCase()}`, `battle#${ulid.slice(0, 25)}I`, `xbattle#${ulid}`, `battle#${ulid}\n`]) {
      expect([bad, channels.BATTLE_CHANNEL_PATTERN.test(bad)]).toEqual([bad, false]);
    }
  });

  it("name a leaderboard's channel by its id and accept nothing else as one", () => {
    expect(channels.topChannel(7)).toBe('top#7');
    expect(channels.TOP_CHANNEL_PATTERN.test('top#7')).toBe(true);
    expect(channels.TOP_CHANNEL_PATTERN.test('top#1234567890')).toBe(true);
    for (const bad of ['top#0', 'top#07', 'top#', 'top#12345678901', 'top#1a', 'xtop#1', 'top#1\n', 'TOP#1']) {
      expect([bad, channels.TOP_CHANNEL_PATTERN.test(bad)]).toEqual([bad, false]);
    }
  });

  it("name a player's private channel by their id, and read the id back from it", () => {
    expect(channels.userChannel(42)).toBe('user#42');
    expect(channels.USER_CHANNEL_PATTERN.exec('user#42')?.[1]).toBe('42');
    expect(channels.USER_CHANNEL_PATTERN.exec('user#1234567890')?.[1]).toBe('1234567890');
    for (const bad of ['user#0', 'user#042', 'user#12345678901', 'user#', 'user#-1', 'xuser#1', 'user#1 ']) {
      expect([bad, channels.USER_CHANNEL_PATTERN.test(bad)]).toEqual([bad, false]);
    }
  });
});
