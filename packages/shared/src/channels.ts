/**
 * The websocket hub's channels and the events they carry, in one place for the server that
 * publishes and the browser that listens. No schemas here (they live in `api/*`), so the
 * browser's socket code takes the names without zod.
 *
 * - `LiveDrops/CSDropItems` carries `drop` (a `LiveDrop`) for every opening.
 * - `Upgrades/Live` carries `upgrade` (an `UpgradeRecord`), `Contracts/Live` carries `contract`.
 * - `battles_active` carries `battles_battle_updated` (a `BattleSummary`) on every change of a
 *   battle's seats or status and `statechange` on every round; each battle's own channel
 *   `battle#<ulid>` carries `battles_battle_updated` (the whole `Battle`), `statechange`,
 *   `battles_emoji_sent` and `battles_spectators`.
 * - `top#<id>` carries `top_changed` when a leaderboard's standings move (a hint to read it again).
 * - `user#<id>` is a player's private channel (it needs the realtime token); `top_reward` tells a
 *   winner of a closed leaderboard about the prize; `event_coins` tells the player that a task of
 *   the event was completed and paid (an `EventCoinsNotice`), so the header's coins move live;
 *   `live_sale` and `sell_done` follow each sale of items.
 */
export const LIVE_DROPS_CHANNEL = 'LiveDrops/CSDropItems';
export const LIVE_DROP_EVENT = 'drop';

export const UPGRADES_LIVE_CHANNEL = 'Upgrades/Live';
export const UPGRADE_LIVE_EVENT = 'upgrade';

export const CONTRACTS_LIVE_CHANNEL = 'Contracts/Live';
export const CONTRACT_LIVE_EVENT = 'contract';

export const BATTLES_LIST_CHANNEL = 'battles_active';
export const battleChannel = (ulid: string): string => `battle#${ulid}`;
/** A battle's channel: `battle#` and its ULID (Crockford base 32, 26 characters). */
export const BATTLE_CHANNEL_PATTERN = /^battle#[0-9A-HJKMNP-TV-Z]{26}$/;
export const BATTLE_UPDATED_EVENT = 'battles_battle_updated';
export const BATTLE_EMOJI_EVENT = 'battles_emoji_sent';
export const BATTLE_STATE_EVENT = 'statechange';
export const BATTLE_SPECTATORS_EVENT = 'battles_spectators';

/** A leaderboard's channel: `top#` and its id; carries `top_changed` when its standings move. */
export const topChannel = (id: number): string => `top#${id}`;
export const TOP_CHANNEL_PATTERN = /^top#[1-9]\d{0,9}$/;
export const TOP_CHANGED_EVENT = 'top_changed';
/** On a player's private channel: a leaderboard prize was paid (a `TopReward`). */
export const TOP_REWARD_EVENT = 'top_reward';

/**
 * On a player's private channel, for each sale: `live_sale` (a `LiveSale`: what was sold and
 * credited) starts the page's sale aggregation, `sell_done` (the balances after it) ends it once
 * no more arrive for a moment (spec §4 Sale aggregation).
 */
export const LIVE_SALE_EVENT = 'live_sale';
export const SELL_DONE_EVENT = 'sell_done';

/** On a player's private channel: event coins changed by a completed task (an `EventCoinsNotice`). */
export const EVENT_COINS_EVENT = 'event_coins';

/** On a player's private channel: a withdrawal moved (a `WithdrawalNotice`). */
export const WITHDRAWAL_EVENT = 'withdrawal_status';

export const userChannel = (userId: number): string => `user#${userId}`;
/** A player's private channel; the group is the player's id. */
export const USER_CHANNEL_PATTERN = /^user#([1-9]\d{0,9})$/;

/** Every channel anyone may hold without a token, besides each battle's own. */
export const PUBLIC_CHANNELS: readonly string[] = [LIVE_DROPS_CHANNEL, UPGRADES_LIVE_CHANNEL, CONTRACTS_LIVE_CHANNEL, BATTLES_LIST_CHANNEL];
