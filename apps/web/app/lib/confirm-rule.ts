import { confirmSkipKey } from './storage-keys.ts';

/**
 * When an irreversible spend or sale asks first (unasked, "sell all" once sold 468 GOLD of items in
 * one click, and an offer was bought in one). Every such action asks, with its sum; a player may
 * tick "don't ask again" for small sums of that kind, and from then on only the big ones ask.
 */
export const SMALL_SUM = 100;

/** The kinds of action that ask, each remembered on its own. */
export type ConfirmKind = 'sell-all' | 'buy-offer' | 'quick-sale';

const key = (kind: ConfirmKind) => confirmSkipKey(kind);

/** Whether the action must ask before it runs. */
export function needsConfirmation(sum: number, skipSmall: boolean): boolean {
  return !(skipSmall && sum <= SMALL_SUM);
}

/** The player's "don't ask again for small sums", read safely: a locked-down browser always asks. */
export function skipsSmall(storage: Pick<Storage, 'getItem'> | null, kind: ConfirmKind): boolean {
  try {
    return storage?.getItem(key(kind)) === '1';
  } catch {
    return false;
  }
}

export function rememberSkipSmall(storage: Pick<Storage, 'setItem'> | null, kind: ConfirmKind): void {
  try {
    storage?.setItem(key(kind), '1');
  } catch {
    // Nothing to keep it in: the next small sum asks again.
  }
}
