import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the offers module; other modules reach them through its operations (a schema may import another only for foreign keys).
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
    /** Set while an operator has taken the offer off sale; it is then shown and sold to no one. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
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
