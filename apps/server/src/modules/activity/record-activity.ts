// The kinds are the rows of the shared table that says what each counts for.
import type { ActivityKind } from '@store/shared/progression';
import type { Executor } from '../../db/client.ts';
import { activities } from './schema.ts';

export interface NewActivity {
  kind: ActivityKind;
  userId: number;
  /** Put in, minor units. */
  amount?: number;
  /** Got back, minor units. */
  won?: number;
  count?: number;
  /** The case opened, for a case opening. */
  caseId?: number;
  ref: string;
}

/**
 * Writes the activity of a game action. Call it with the action's own transaction: a rolled
 * back action leaves no activity, and a committed one always has its row: one action, one row
 * (a retried action replays its first result through its idempotency key and writes nothing).
 */
export async function recordActivity(tx: Executor, activity: NewActivity | readonly NewActivity[]): Promise<void> {
  const list = Array.isArray(activity) ? activity : [activity as NewActivity];
  if (list.length) await tx.insert(activities).values(list.map((a) => ({ amount: 0, won: 0, count: 1, ...a })));
}
