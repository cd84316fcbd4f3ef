import { WALLET_CURRENCIES } from '@store/shared/constants';
import type { Tx } from '../../db/client.ts';
import { createAccount, type NewAccount } from '../users/accounts.ts';
import { openWallets } from '../wallet/wallet.ts';
import { createSeedPair } from '../provably-fair/seeds.ts';
import { bumpCounter } from '../platform/counters.ts';

/**
 * Everything a new account starts with, inside the caller's transaction: the user row, its
 * wallets, its provably-fair seed pair and the store's player count. Null when the login is taken.
 */
export async function openAccount(tx: Tx, account: NewAccount): Promise<number | null> {
  const userId = await createAccount(tx, account);
  if (!userId) return null;
  await openWallets(tx, userId, WALLET_CURRENCIES);
  await createSeedPair(tx, userId);
  await bumpCounter(tx, 'users', 1);
  return userId;
}
