// The withdrawal worker's shared types: the row and move it works on, what its steps share (the
// context), and what a step can come to.
import type { WithdrawalState } from '@store/shared/withdrawals';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { withdrawals } from './schema.ts';
import type { OrderStatus, SkinVendor, VendorUnreachable } from './vendor.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A move the worker made, for the player's notice after its commit. */
export interface WithdrawalMove {
  withdrawal: WithdrawalRow;
  from: WithdrawalState;
  to: WithdrawalState;
}

/** What one worker's steps share: its database, marketplace and clock, and the lease it holds rows under. */
export interface WorkerContext {
  db: Db;
  vendor: SkinVendor;
  clock: Clock;
  pollMs: number;
  /** How long a lease lasts. */
  leaseMs: number;
  /** This worker's lease owner: every write checks it, so a row another worker took over is left alone. */
  owner: string;
  /** Withdrawals leased at once. */
  batch: number;
}

/** What the marketplace said of each tracked order in this batch, or why it said nothing. */
export type Statuses = Map<string, OrderStatus | VendorUnreachable>;
/** A purchase the marketplace took: moved to `waiting_seller` with the batch's others in one statement. */
export interface Placed {
  placed: WithdrawalRow;
  orderId: string;
}
/** A step's outcome: a move, a purchase placed, nothing to do until the next look (`idle`, released in bulk), or nothing at all. */
export type StepResult = WithdrawalMove | Placed | 'idle' | null;
