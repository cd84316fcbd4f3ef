/** Business constants of spec §9, one place for server and web. */
export const SITE_CURRENCY = 'GOLD';
/** The event coins' wallet (spec §3 finance.coinBalance): deposits' bonus coins, upgrades' consolation, event cases and tasks (decision 017). */
export const COIN_CURRENCY = 'TASTY_COIN';
export const WALLET_CURRENCIES = [SITE_CURRENCY, COIN_CURRENCY] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

export const CURRENCIES = ['AZN', 'BRL', 'COIN', 'DM', 'GOLD', 'EUR', 'INR', 'KZT', 'RUB', 'TASTY_COIN', 'USD'] as const;
export const DEFAULT_CURRENCY = 'RUB';

/** Money is kept in minor units: 1 GOLD = 100. */
export const MINOR_PER_UNIT = 100;

export const INVENTORY_PAGE_SIZE = 45;
export const MAX_SELL_OR_WITHDRAW_ITEMS = 10;
export const MAX_UPGRADE_ITEMS = 15;

export const ALERT_TTL_MS = 3000;
export const ALERT_STACK_LIMIT = 10;

export const TICKETS = 100_000;

export const LEADERBOARD_COLLAPSED = 5;
export const POSITION_CAP = 1000;
export const EVENT_NEW_HOURS = 168;
export const BATTLE_MAX_ROUNDS = 50;
export const BATTLE_MAX_SEATS = 4;

export const UPGRADE_DEFAULT_PRICE_FACTOR = 1.5;

/** Contracts (decision 006): 3 to 10 items in, one out. */
export const CONTRACT_MIN_ITEMS = 3;
export const CONTRACT_MAX_ITEMS = 10;

export const VOLATILITY_LETTERS = { 1: 'L', 2: 'M', 3: 'H', 4: 'E' } as const;
export type Volatility = keyof typeof VOLATILITY_LETTERS;

export const ITEM_STATUSES = [
  'accepted', 'autoselled', 'bag', 'bug', 'before', 'canceled', 'changed', 'progress', 'error', 'no_link',
  'send', 'support', 'selled', 'unpaid', 'CONFIRM_STEAM', 'default', 'EXCHANGED', 'EXCHANGING', 'PREPARING',
  'STEAM_WITHDRAWN', 'to_upgrade', 'to_contract', 'vendor waiting', 'completed', 'unpacked',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_SOURCES = ['Battle', 'Case', 'Contract', 'Change', 'Upgrade', 'Top', 'Raffle', 'Pack', 'Operator'] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

/**
 * Item type codes of spec §3 the store deals in (decision 019): a skin (0), a pack of skins
 * unpacked into the inventory (1), a balance credit paid into the balance instead of Steam (3).
 */
export const ITEM_TYPE = { skin: 0, pack: 1, credit: 3 } as const;
export type ItemType = (typeof ITEM_TYPE)[keyof typeof ITEM_TYPE];

/** Inventory groups of spec §3 and the statuses each one lists. */
export const INVENTORY_GROUPS = {
  active: ['progress'],
  all: null,
  withdrawal: ['PREPARING', 'send', 'CONFIRM_STEAM', 'vendor waiting', 'STEAM_WITHDRAWN', 'completed', 'support'],
  profile: ['progress', 'accepted', 'selled', 'autoselled', 'send', 'completed', 'STEAM_WITHDRAWN', 'to_upgrade', 'to_contract'],
  upgrade: ['progress'],
} as const satisfies Record<string, readonly ItemStatus[] | null>;
export type InventoryGroup = keyof typeof INVENTORY_GROUPS;
