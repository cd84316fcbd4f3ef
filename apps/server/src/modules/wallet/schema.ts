import { bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { money, createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the wallet module; other modules reach them through its operations (a schema may import another only for foreign keys).
/**
 * A wallet may be below zero only through `debitIntoDebt` (a refund or chargeback of a deposit
 * already spent, decision 072); every other debit is conditional on the balance covering it.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] })],
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
