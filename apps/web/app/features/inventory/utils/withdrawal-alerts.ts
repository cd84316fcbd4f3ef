import type { AlertKind } from '#app/components/alerts.tsx';

/** Spec §8 alert codes a withdrawal brings: the queue steps and the delivery are good news. */
const GOOD = new Set(['item_in_withdrawal_queue', 'preparing_to_dispatch', 'item_in_withdrawal_steam_queue', 'item_received']);
export const KNOWN_WITHDRAWAL_ALERTS = [...GOOD, 'item_transfer_canceled', 'error_item_withdrawal', 'error_skin_transfer'] as const;

export const withdrawalAlertKind = (code: string): AlertKind => (GOOD.has(code) ? 'success' : 'error');

/**
 * Which alert each item already showed in its current withdrawal: the senditem answer and the
 * first live notice both say "in the withdrawal queue", the player hears it once. An item back
 * in progress starts over (it may be withdrawn again).
 */
export class AlertMemory {
  private readonly shown = new Map<number, Set<string>>();

  /** Records the alert; false when this item already showed it. */
  first(itemId: number, code: string): boolean {
    const seen = this.shown.get(itemId) ?? new Set<string>();
    if (seen.has(code)) return false;
    seen.add(code);
    this.shown.set(itemId, seen);
    return true;
  }

  forget(itemId: number): void {
    this.shown.delete(itemId);
  }
}

/** The tab's one memory, shared by the withdraw button and the live notices. */
export const withdrawalAlerts = new AlertMemory();
