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

/**
 * The item statuses this store writes (decision 081): an item is in the inventory (`progress`),
 * sold (`selled`), staked (`to_upgrade`, `to_contract`), on its way out (`PREPARING`, `vendor
 * waiting`, `send`, `STEAM_WITHDRAWN`, `completed`, `support`), exchanged (`EXCHANGED`) or an
 * unpacked pack (`unpacked`). The database refuses any other.
 */
export const STORE_ITEM_STATUSES = [
  'progress', 'selled', 'to_upgrade', 'to_contract', 'PREPARING', 'vendor waiting', 'send', 'STEAM_WITHDRAWN',
  'support', 'EXCHANGED', 'unpacked', 'completed',
] as const;
export type StoreItemStatus = (typeof STORE_ITEM_STATUSES)[number];

/**
 * Spec §3's item statuses no item of this store can take, and why (decision 081). The page keeps
 * a text for each, as spec §3 lists them all.
 */
export const NEVER_ITEM_STATUSES = {
  accepted: 'a sale settles in its own answer; nothing waits in a sale queue',
  autoselled: 'nothing sells an item on its own: items stay until the player acts',
  bag: 'no bag or holding area besides the inventory',
  bug: 'a failed step rolls back to the status before it; no item is parked as broken',
  before: 'no item exists before it is won: every item is written as it is won',
  canceled: 'a failed or cancelled withdrawal returns the item to progress',
  changed: 'a replaced item becomes EXCHANGED and its replacement a new progress item',
  error: 'failures are refusals with an error code, never an item status',
  no_link: 'a withdrawal without a valid trade link (or Steam login) is refused before the item moves',
  unpaid: 'every item is paid for by the opening or game that gave it, in the same transaction',
  CONFIRM_STEAM: "the marketplace's seller sends the trade offer: the item is send until it is accepted (STEAM_WITHDRAWN); no step waits on a Steam confirmation of the store's own",
  default: 'an item is written with progress, never with a placeholder',
  EXCHANGING: 'an exchange is one transaction: the item goes from progress to EXCHANGED at once',
} as const satisfies Record<string, string>;
export type NeverItemStatus = keyof typeof NEVER_ITEM_STATUSES;

/** Every item status of spec §3: the ones this store writes, then the ones it never does. */
export const ITEM_STATUSES = [...STORE_ITEM_STATUSES, ...(Object.keys(NEVER_ITEM_STATUSES) as NeverItemStatus[])] as const;
export type ItemStatus = StoreItemStatus | NeverItemStatus;

export const ITEM_SOURCES = ['Battle', 'Case', 'Contract', 'Change', 'Upgrade', 'Top', 'Raffle', 'Pack', 'Operator'] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

/**
 * Item type codes of spec §3 the store deals in (decision 019): a skin (0), a pack of skins
 * unpacked into the inventory (1), a balance credit paid into the balance instead of Steam (3).
 */
export const ITEM_TYPE = { skin: 0, pack: 1, credit: 3 } as const;
export type ItemType = (typeof ITEM_TYPE)[keyof typeof ITEM_TYPE];

/**
 * Spec §3's other item type codes (13, 20, 21) name kinds of item the spec does not describe; this
 * store's catalogue holds skins, packs and balance credits only, so no item carries them (decision
 * 081). A client reading one would show it as a skin.
 */
export const NEVER_ITEM_TYPES = [13, 20, 21] as const;
/** Every item type code of spec §3. */
export const SPEC_ITEM_TYPES = [...Object.values(ITEM_TYPE), ...NEVER_ITEM_TYPES] as const;

/** Inventory groups of spec §3 and the statuses each one lists. */
export const INVENTORY_GROUPS = {
  active: ['progress'],
  all: null,
  withdrawal: ['PREPARING', 'send', 'CONFIRM_STEAM', 'vendor waiting', 'STEAM_WITHDRAWN', 'completed', 'support'],
  profile: ['progress', 'accepted', 'selled', 'autoselled', 'send', 'completed', 'STEAM_WITHDRAWN', 'to_upgrade', 'to_contract'],
  upgrade: ['progress'],
} as const satisfies Record<string, readonly ItemStatus[] | null>;
export type InventoryGroup = keyof typeof INVENTORY_GROUPS;
