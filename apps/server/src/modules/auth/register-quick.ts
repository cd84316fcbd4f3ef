import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { issueSession } from './sessions.ts';
import { openAccount } from './open-account.ts';

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const randomPassword = (length = 12) =>
  Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/** A login nobody chose: `player` and 8 digits (the caller retries on the rare collision). */
export const randomLogin = () => `player${randomInt(10_000_000, 99_999_999)}`;

/**
 * Quick registration: the store makes up a login and a password, shows them once, and signs
 * the player in. Only the argon2 hash of the password is kept.
 */
export async function registerQuick({ db, language = 'ru', ip, userAgent }: { db: Db; language?: 'ru' | 'en'; ip?: string; userAgent?: string }) {
  const password = randomPassword();
  const passwordHash = await hash(password);
  for (let attempt = 0; attempt < 5; attempt++) {
    const login = randomLogin();
    const created = await db.transaction(async (tx) => {
      const userId = await openAccount(tx, { login, passwordHash, nickname: login, language, ip, regType: 'quick' });
      if (!userId) return null;
      const token = await issueSession(tx, userId, userAgent);
      return { login, password, access_token: token, user_id: userId };
    });
    if (created) return created;
  }
  throw new Error('could not find a free login');
}
