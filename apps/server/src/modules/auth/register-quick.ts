import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { WALLET_CURRENCIES } from '@store/shared/constants';
import type { Db } from '../../db/client.ts';
import { createAccount } from '../users/accounts.ts';
import { openWallets } from '../wallet/wallet.ts';
import { createSeedPair } from '../provably-fair/seeds.ts';
import { issueSession } from './sessions.ts';
import { bumpCounter } from '../platform/counters.ts';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const randomPassword = (length = 12) =>
  Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/**
 * Quick registration: the store makes up a login and a password, shows them once, and signs
 * the player in. Only the argon2 hash of the password is kept.
 */
export async function registerQuick({ db, language = 'ru', ip }: { db: Db; language?: 'ru' | 'en'; ip?: string }) {
  const password = randomPassword();
  const passwordHash = await hash(password);
  for (let attempt = 0; attempt < 5; attempt++) {
    const login = `player${randomInt(10_000_000, 99_999_999)}`;
    const created = await db.transaction(async (tx) => {
      const userId = await createAccount(tx, { login, passwordHash, nickname: login, language, ip, regType: 'quick' });
      if (!userId) return null;
      await openWallets(tx, userId, WALLET_CURRENCIES);
      await createSeedPair(tx, userId);
      await bumpCounter(tx, 'users', 1);
      const token = await issueSession(tx, userId);
      return { login, password, access_token: token, user_id: userId };
    });
    if (created) return created;
  }
  throw new Error('could not find a free login');
}
