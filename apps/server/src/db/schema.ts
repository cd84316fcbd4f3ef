import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One schema for the whole store. Each module owns its tables (named in the comments); other
 * modules reach them only through that module's services.
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// ── users ─────────────────────────────────────────────────────────────────
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  login: text('login').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  regType: text('reg_type').notNull().default('quick'),
  isAdmin: boolean('is_admin').notNull().default(false),
  isFake: boolean('is_fake').notNull().default(false),
  isBot: boolean('is_bot').notNull().default(false),
  language: text('language').notNull().default('ru'),
  email: text('email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  city: text('city'),
  country: text('country'),
  ip: text('ip'),
  steamLink: text('steam_link'),
  steamLogin: text('steam_login'),
  exp: bigint('exp', { mode: 'number' }).notNull().default(0),
  casesOpened: integer('cases_opened').notNull().default(0),
  spent: money('spent').notNull().default(0),
  createdAt: createdAt(),
});

// ── auth ──────────────────────────────────────────────────────────────────
/** Tokens are stored as sha256 hashes: a leaked table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// ── wallet ────────────────────────────────────────────────────────────────
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] }), check('wallets_amount_non_negative', sql`${t.amount} >= 0`)],
);

/** Every change of a wallet, written in the same transaction as the change. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    currency: text('currency').notNull(),
    delta: money('delta').notNull(),
    balanceAfter: money('balance_after').notNull(),
    reason: text('reason').notNull(),
    ref: text('ref').notNull(),
    meta: jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.currency)],
);

/** A retried money call returns its first result instead of moving money again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** sha256 of the call the key was first used for (route, parameters, body): a reuse for another call is refused. */
    requestHash: text('request_hash'),
    statusCode: smallint('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ── provably-fair ─────────────────────────────────────────────────────────
export const seedPairs = pgTable(
  'seed_pairs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    revealedAt: timestamp('revealed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('seed_pairs_active_idx').on(t.userId).where(sql`${t.active}`)],
);

/**
 * What a provably-fair roll stores so anyone can recompute it (DESIGN): the seed pair, its
 * committed hash, the client seed, nonce, cursor and the ticket. Case openings, upgrades and
 * contracts keep the same columns; a function, because each table needs its own builders.
 */
const fairRollColumns = () => ({
  seedPairId: integer('seed_pair_id').notNull().references(() => seedPairs.id),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  cursor: integer('cursor').notNull(),
  ticket: integer('ticket').notNull(),
});

// ── cases ─────────────────────────────────────────────────────────────────
export const catalogueItems = pgTable('catalogue_items', {
  key: text('key').primaryKey(),
  marketName: text('market_name').notNull(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en').notNull(),
  weaponRu: text('weapon_ru').notNull(),
  weaponEn: text('weapon_en').notNull(),
  skinRu: text('skin_ru'),
  skinEn: text('skin_en'),
  rarity: text('rarity').notNull(),
  quality: text('quality'),
  stattrak: boolean('stattrak').notNull().default(false),
  category: text('category').notNull(),
  price: money('price').notNull(),
  imageUrl: text('image_url'),
});

export const sections = pgTable('sections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
  isEvent: boolean('is_event').notNull().default(false),
  status: text('status').notNull().default('active'),
  appearance: jsonb('appearance').notNull(),
});

export const cases = pgTable(
  'cases',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    sectionId: integer('section_id').notNull().references(() => sections.id),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    price: money('price').notNull(),
    oldPrice: money('old_price'),
    available: boolean('available').notNull().default(true),
    status: text('status').notNull().default('active'),
    volatility: smallint('volatility').notNull().default(2),
    maxMultiOpen: smallint('max_multi_open').notNull().default(5),
    label: jsonb('label'),
    multifix: smallint('multifix'),
    multicastFrom: smallint('multicast_from'),
    multicastTo: smallint('multicast_to'),
    everyNOpenFree: integer('every_n_open_free'),
    opensLimit: integer('opens_limit'),
    opensCount: integer('opens_count').notNull().default(0),
    battleAllowed: boolean('battle_allowed').notNull().default(true),
    color: text('color').notNull().default('#e4ae39'),
    imageUrl: text('image_url'),
    oddsId: integer('odds_id'),
  },
  (t) => [check('cases_opens_within_limit', sql`${t.opensLimit} is null or ${t.opensCount} <= ${t.opensLimit}`)],
);

/**
 * An immutable odds table: a case points at its current one, and every opening points at the
 * one it used, so an old result stays verifiable after the odds change.
 */
export const caseOdds = pgTable('case_odds', {
  id: serial('id').primaryKey(),
  caseId: integer('case_id').notNull().references(() => cases.id),
  ranges: jsonb('ranges').notNull().$type<{ item: string; from: number; to: number }[]>(),
  rtp: integer('rtp_bp').notNull(),
  createdAt: createdAt(),
});

export const caseOpens = pgTable(
  'case_opens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batch: text('batch').notNull(),
    userId: integer('user_id').notNull().references(() => users.id),
    caseId: integer('case_id').notNull().references(() => cases.id),
    oddsId: integer('odds_id').notNull().references(() => caseOdds.id),
    price: money('price').notNull(),
    ...fairRollColumns(),
    itemKey: text('item_key').notNull(),
    itemPrice: money('item_price').notNull(),
    /** Free opens (every N-th) still roll and record, with price 0. */
    free: boolean('free').notNull().default(false),
    isTop: boolean('is_top').notNull().default(false),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('case_opens_user_idx').on(t.userId, t.id), index('case_opens_top_idx').on(t.isTop, t.id)],
);

/** How many times a player opened a case: drives the every-N-th-open-free rule exactly. */
export const userCaseOpens = pgTable(
  'user_case_opens',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    caseId: integer('case_id').notNull().references(() => cases.id),
    opens: integer('opens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.caseId] })],
);

// ── inventory ─────────────────────────────────────────────────────────────
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    itemKey: text('item_key').notNull().references(() => catalogueItems.key),
    price: money('price').notNull(),
    status: text('status').notNull().default('progress'),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('inventory_user_status_idx').on(t.userId, t.status, t.id)],
);

// ── platform ──────────────────────────────────────────────────────────────
/** Store-wide counters (opened, users...) split in shards so hot increments do not queue on one row. */
export const counters = pgTable(
  'counters',
  {
    name: text('name').notNull(),
    shard: smallint('shard').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] })],
);

export const storeMeta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ── upgrades ──────────────────────────────────────────────────────────────
export interface StakedItem {
  id: number;
  key: string;
  price: number;
}

/**
 * One upgrade: the staked items (which went to `to_upgrade`), the target, the chance as an
 * integer count of winning tickets, and everything needed to recompute the roll.
 */
export const upgrades = pgTable(
  'upgrades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    items: jsonb('items').notNull().$type<StakedItem[]>(),
    stake: money('stake').notNull(),
    targetKey: text('target_key').notNull(),
    targetPrice: money('target_price').notNull(),
    /** chance × 1000: the number of winning tickets out of 100000. */
    winTickets: integer('win_tickets').notNull(),
    reversed: boolean('reversed').notNull(),
    success: boolean('success').notNull(),
    winItemId: bigint('win_item_id', { mode: 'number' }),
    coinsPrize: money('coins_prize').notNull().default(0),
    ...fairRollColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('upgrades_user_idx').on(t.userId, t.id), index('upgrades_success_idx').on(t.success, t.id)],
);

// ── contracts ─────────────────────────────────────────────────────────────
/**
 * One signed contract: the staked items (which went to `to_contract`), the outcome table it
 * was signed with, the roll and the item it gave.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    items: jsonb('items').notNull().$type<StakedItem[]>(),
    stake: money('stake').notNull(),
    outcomes: jsonb('outcomes').notNull().$type<{ key: string; price: number; from: number; to: number }[]>(),
    itemKey: text('item_key').notNull(),
    itemPrice: money('item_price').notNull(),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }).notNull(),
    ...fairRollColumns(),
    createdAt: createdAt(),
  },
  (t) => [index('contracts_user_idx').on(t.userId, t.id)],
);

// ── payments ──────────────────────────────────────────────────────────────
/** What a deposit's bonuses are computed from, fixed when the order starts (decision 007). */
export interface OrderBonusInputs {
  bonusLevel: { limit: number; bonusMultiplier: number } | null;
  methodBonusPercent: number;
  /** Tasty coins per 100 site-currency units when no blogger offer sets its own. */
  coinsFactor: number;
}

/**
 * One top-up through a provider. `amount_minor` is in the country currency the player pays in,
 * `site_amount_minor` the GOLD it buys. The status leaves `pending` once, by a conditional
 * update, so a replayed callback never credits twice. `plan` is what the credit wrote.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    status: text('status').notNull().default('pending'),
    country: text('country').notNull(),
    methodId: integer('method_id').notNull(),
    payMethod: text('pay_method').notNull(),
    currency: text('currency').notNull(),
    amountMinor: money('amount_minor').notNull(),
    siteAmountMinor: money('site_amount_minor').notNull(),
    bonusInputs: jsonb('bonus_inputs').notNull().$type<OrderBonusInputs>(),
    promoCode: text('promo_code'),
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    check('payment_orders_status_known', sql`${t.status} in ('pending', 'success', 'fail')`),
    check('payment_orders_amounts_positive', sql`${t.amountMinor} > 0 and ${t.siteAmountMinor} > 0`),
  ],
);

/**
 * A promo code (decision 007): `terms` is the shared PromoTerms (common percent, instant sum,
 * blogger flex offers). `uses` counts every use over all players and never passes `total_limit`.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    terms: jsonb('terms').notNull().$type<Record<string, unknown>>(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** 0 means unlimited, for both limits. */
    totalLimit: integer('total_limit').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(0),
    uses: integer('uses').notNull().default(0),
    createdBy: text('created_by').notNull().default('seed'),
    createdAt: createdAt(),
  },
  (t) => [
    check('promo_codes_kind_known', sql`${t.kind} in ('common', 'instant', 'blogger')`),
    check('promo_codes_uses_within_limit', sql`${t.totalLimit} = 0 or ${t.uses} <= ${t.totalLimit}`),
  ],
);

/** Each use of a code: an instant code's credit, or the deposit that carried a common or blogger code. */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().references(() => promoCodes.code),
    userId: integer('user_id').notNull().references(() => users.id),
    orderId: text('order_id').references(() => paymentOrders.id),
    creditedMinor: money('credited_minor').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('promo_uses_code_user_idx').on(t.code, t.userId), uniqueIndex('promo_uses_order_idx').on(t.orderId)],
);

/** The code a player applied and has not used yet: at most one, until a deposit uses it or a reset. */
export const userPromos = pgTable('user_promos', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code')
    .notNull()
    .references(() => promoCodes.code),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ── offers ────────────────────────────────────────────────────────────────
export interface OfferCaseRef {
  slug: string;
  count: number;
}

/**
 * A one-off discounted bundle of cases (decision 007): the offers shop, the secret shop
 * (`is_secret`) and the offers a trigger makes (`trigger_type`, never listed). `sold` counts
 * every purchase and never passes `total_limit` (0 = unlimited).
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    titleRu: text('title_ru').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionRu: text('description_ru').notNull(),
    descriptionEn: text('description_en').notNull(),
    imageUrl: text('image_url'),
    price: money('price').notNull(),
    oldPrice: money('old_price').notNull(),
    cases: jsonb('cases').notNull().$type<OfferCaseRef[]>(),
    bonusCoins: money('bonus_coins').notNull().default(0),
    bonusMoney: money('bonus_money').notNull().default(0),
    label: text('label'),
    labelColor: text('label_color'),
    labelNameRu: text('label_name_ru'),
    labelNameEn: text('label_name_en'),
    isSecret: boolean('is_secret').notNull().default(false),
    /** Set for an offer only a trigger of this type sells (e.g. `daily_case`). */
    triggerType: text('trigger_type'),
    sort: integer('sort').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    totalLimit: integer('total_limit').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('offers_sold_within_limit', sql`${t.totalLimit} = 0 or ${t.sold} <= ${t.totalLimit}`),
    check('offers_prices_valid', sql`${t.price} > 0 and ${t.oldPrice} >= ${t.price}`),
  ],
);

/** A player's purchase of an offer: one per player and offer, since an offer is one-off. */
export const offerPurchases = pgTable(
  'offer_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    offerId: integer('offer_id').notNull().references(() => offers.id),
    price: money('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('offer_purchases_user_offer_idx').on(t.userId, t.offerId)],
);

/**
 * A fired trigger: the inner offer shown to one player until bought, dismissed or expired.
 * `fired_on` (UTC day) makes a trigger type fire at most once per player per day.
 */
export const userTriggers = pgTable(
  'user_triggers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    offerId: integer('offer_id').notNull().references(() => offers.id),
    triggerType: text('trigger_type').notNull(),
    firedOn: text('fired_on').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** Why it closed: `bought` or `dismissed`. */
    closedReason: text('closed_reason'),
  },
  (t) => [
    uniqueIndex('user_triggers_daily_idx').on(t.userId, t.triggerType, t.firedOn),
    index('user_triggers_open_idx').on(t.userId, t.id).where(sql`${t.closedAt} is null`),
  ],
);

// ── battles ───────────────────────────────────────────────────────────────
/** A case line of a battle, fixed at creation: the odds table and price the seats agreed to. */
export interface BattleCaseRef {
  caseId: number;
  slug: string;
  oddsId: number;
  price: number;
  count: number;
}

/**
 * A case battle (decision 008). The row is also the battle's durable job: while `started`,
 * `next_round_at` says when the next round is due, and whichever server process claims the row
 * (`for update skip locked`) reveals it; a restart finds the row and carries on. The server seed
 * is committed by its hash at creation and shown once the battle ends.
 */
export const battles = pgTable(
  'battles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ulid: text('ulid').notNull().unique(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('created'),
    mode: text('mode').notNull(),
    seats: smallint('seats').notNull(),
    cases: jsonb('cases').notNull().$type<BattleCaseRef[]>(),
    roundCount: smallint('round_count').notNull(),
    price: money('price').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed'),
    currentRound: smallint('current_round').notNull().default(0),
    nextRoundAt: timestamp('next_round_at', { withTimezone: true, mode: 'date' }),
    spectators: integer('spectators').notNull().default(0),
    winnerTeam: smallint('winner_team'),
    tieBreakTicket: integer('tie_break_ticket'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('battles_status_known', sql`${t.status} in ('created', 'started', 'finished', 'cancelled')`),
    check('battles_rounds_valid', sql`${t.roundCount} between 1 and 50 and ${t.currentRound} between 0 and ${t.roundCount}`),
    check('battles_spectators_non_negative', sql`${t.spectators} >= 0`),
    index('battles_status_idx').on(t.status, t.createdAt),
    index('battles_due_idx').on(t.nextRoundAt).where(sql`${t.status} = 'started'`),
  ],
);

/** A taken seat: a player (who paid `paid`) or a bot. A player who leaves frees the row. */
export const battleSeats = pgTable(
  'battle_seats',
  {
    battleId: bigint('battle_id', { mode: 'number' })
      .notNull()
      .references(() => battles.id),
    seat: smallint('seat').notNull(),
    userId: integer('user_id').references(() => users.id),
    isBot: boolean('is_bot').notNull().default(false),
    /** The player's own client seed, read when the battle starts. */
    clientSeed: text('client_seed'),
    paid: money('paid').notNull().default(0),
    refunded: money('refunded').notNull().default(0),
    /** Catalogue value of the drops this seat received at the end. */
    won: money('won').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.seat] }),
    uniqueIndex('battle_seats_player_idx').on(t.battleId, t.userId),
    index('battle_seats_user_idx').on(t.userId, t.battleId),
    check('battle_seats_seat_valid', sql`${t.seat} between 1 and 4`),
    check('battle_seats_bot_or_player', sql`(${t.isBot} and ${t.userId} is null) or (not ${t.isBot} and ${t.userId} is not null)`),
  ],
);

/** One seat's drop in one revealed round, with its roll; `to_seat` and the item once the battle ends. */
export const battleDrops = pgTable(
  'battle_drops',
  {
    battleId: bigint('battle_id', { mode: 'number' })
      .notNull()
      .references(() => battles.id),
    round: smallint('round').notNull(),
    seat: smallint('seat').notNull(),
    caseId: integer('case_id').notNull(),
    oddsId: integer('odds_id').notNull(),
    ticket: integer('ticket').notNull(),
    itemKey: text('item_key').notNull(),
    itemPrice: money('item_price').notNull(),
    toSeat: smallint('to_seat'),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.round, t.seat] })],
);
