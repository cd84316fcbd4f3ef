import { COIN_CURRENCY } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import { PWA_BONUS_COINS } from '@store/shared/pwa';
import type { Db } from '../../db/client.ts';
import { creditWallet, getBalance } from '../wallet/wallet.ts';
import { pwaBonusClaims } from './schema.ts';

/**
 * The installed app's bonus (spec §4, §9: 200 coins): the claim row's primary key is the once, so
 * of any number of simultaneous calls one inserts it and credits the coin wallet with its ledger
 * row in the same transaction; the others find the row and pay nothing. The browser's
 * `pwa-bonus-earned` flag only spares the call: the server decides.
 */
export async function claimPwaBonus(db: Db, userId: number): Promise<{ status: boolean; already_claimed: boolean; coins: number; coin_balance: number }> {
  return db.transaction(async (tx) => {
    const taken = await tx.insert(pwaBonusClaims).values({ userId, coins: PWA_BONUS_COINS }).onConflictDoNothing().returning({ userId: pwaBonusClaims.userId });
    if (!taken.length) return { status: false, already_claimed: true, coins: 0, coin_balance: toUnits(await getBalance(tx, userId, COIN_CURRENCY)) };
    const balance = await creditWallet({ tx, userId, amount: PWA_BONUS_COINS, currency: COIN_CURRENCY, reason: 'pwa_bonus', ref: `pwa_bonus:${userId}` });
    return { status: true, already_claimed: false, coins: toUnits(PWA_BONUS_COINS), coin_balance: toUnits(balance) };
  });
}
