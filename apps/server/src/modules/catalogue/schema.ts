import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';

// Tables of the catalogue module; other modules reach them through its operations (a schema may import another only for foreign keys).
export const catalogueItems = pgTable(
  'catalogue_items',
  {
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
    /** `ITEM_TYPE`: 0 a skin, 1 a pack of skins, 3 a balance credit (decision 019). */
    type: smallint('type').notNull().default(0),
    /** A pack's skins, by catalogue key (a key may repeat); null for anything else. */
    packContents: jsonb('pack_contents').$type<string[]>(),
  },
  (t) => [
    check('catalogue_items_type_known', sql`${t.type} in (0, 1, 3)`),
    check('catalogue_items_pack_contents', sql`(${t.type} = 1) = (${t.packContents} is not null)`),
  ],
);

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
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id),
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
    /** The player level the case needs (spec §5); 0 for none. */
    level: smallint('level').notNull().default(0),
    /** Switched off by the operator while it stays listed (spec §5 locked flag). */
    locked: boolean('locked').notNull().default(false),
    /** A level case: opened free once a day by players of its level (decision 015). */
    daily: boolean('daily').notNull().default(false),
    /** What the price is paid in: GOLD, or event coins for a coin case (decision 017). */
    currency: text('currency').notNull().default('GOLD'),
    /** An event case gives each opening between these whole event coins (null: none). */
    coinsMin: integer('coins_min'),
    coinsMax: integer('coins_max'),
    /** The window the case is sold in, both set or neither: outside it the case cannot be opened (decision 054). */
    availableFrom: timestamp('available_from', { withTimezone: true, mode: 'date' }),
    availableUntil: timestamp('available_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('cases_opens_within_limit', sql`${t.opensLimit} is null or ${t.opensCount} <= ${t.opensLimit}`),
    check('cases_currency_known', sql`${t.currency} in ('GOLD', 'TASTY_COIN')`),
    check(
      'cases_coins_range',
      sql`(${t.coinsMin} is null) = (${t.coinsMax} is null) and (${t.coinsMin} is null or 0 <= ${t.coinsMin} and ${t.coinsMin} <= ${t.coinsMax})`,
    ),
    check('cases_window', sql`(${t.availableFrom} is null) = (${t.availableUntil} is null) and (${t.availableFrom} is null or ${t.availableFrom} < ${t.availableUntil})`),
  ],
);

/**
 * An immutable odds table: a case points at its current one, and every opening points at the
 * one it used, so an old result stays verifiable after the odds change.
 */
export const caseOdds = pgTable('case_odds', {
  id: serial('id').primaryKey(),
  caseId: integer('case_id')
    .notNull()
    .references(() => cases.id),
  ranges: jsonb('ranges').notNull().$type<{ item: string; from: number; to: number }[]>(),
  rtp: integer('rtp_bp').notNull(),
  createdAt: createdAt(),
});
