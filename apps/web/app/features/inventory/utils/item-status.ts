import { ITEM_TYPE } from '@store/shared/constants';

/**
 * Inventory statuses as the cards show them (spec §3): the ones of a withdrawal under way, the
 * label's text key and its colour.
 */
export const WITHDRAWING_STATUSES: readonly string[] = ['PREPARING', 'vendor waiting', 'send', 'CONFIRM_STEAM'];
/** Shown while the exchange request is out (spec §3 `EXCHANGING`); the store never stores it. */
export const EXCHANGING = 'EXCHANGING';

export const isWithdrawing = (status: string) => WITHDRAWING_STATUSES.includes(status);

/** The status's text key under `inventory.status` (one key has a space on the wire). */
export const statusKey = (status: string) => status.replace(/\s+/g, '_');

export type StatusTone = 'progress' | 'busy' | 'done' | 'sold' | 'warn';
export function statusTone(status: string): StatusTone {
  if (status === 'progress') return 'progress';
  if (isWithdrawing(status) || status === EXCHANGING) return 'busy';
  if (status === 'STEAM_WITHDRAWN' || status === 'completed') return 'done';
  // `accepted` is spec §4's sold status; this store's sales end in `selled` (decision 003): both read "Sold", alike.
  if (status === 'selled' || status === 'autoselled' || status === 'accepted') return 'sold';
  if (status === 'support' || status === 'error' || status === 'no_link' || status === 'bug' || status === 'canceled') return 'warn';
  return 'sold';
}

export type ItemKind = 'skin' | 'pack' | 'credit';
export const itemKind = (type: number): ItemKind => (type === ITEM_TYPE.pack ? 'pack' : type === ITEM_TYPE.credit ? 'credit' : 'skin');
