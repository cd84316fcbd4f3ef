import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

// Tables of the operators module; other modules reach them through its operations (a schema may import another only for foreign keys).

/**
 * What operators did (decision 029): one row per change, written in the transaction of the change
 * itself, so a change without its row (or a row without its change) cannot exist.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The operator's account; null for `npm run admin`, which `operator_name` names (the shell's user or `--operator`). */
    operatorId: integer('operator_id').references(() => users.id),
    operatorName: text('operator_name').notNull(),
    /** What was done, e.g. `players.balance`, `players.block`, `flags.write`, `roles.set`. */
    action: text('action').notNull(),
    /** What it was done to: a kind (`player`, `flag`, `techwork`) and its id within the kind. */
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('operator_actions_operator_idx').on(t.operatorId, t.id),
    index('operator_actions_target_idx').on(t.targetKind, t.targetId, t.id),
  ],
);
