import { and, eq, sql } from 'drizzle-orm';
import { checkProfileField, NICKNAME_MAX, providerName, type SigninProvider } from '@store/shared/account';
import type { SigninResult } from '@store/shared/api/auth';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { lockAccount, setAvatarSource } from '../users/accounts.ts';
import { userIdentities } from './schema.ts';
import { findIdentityOwner } from './identities.ts';
import { issueSession } from './sessions.ts';
import { openAccount } from './open-account.ts';
import { randomLogin } from './register-quick.ts';
import type { ProviderProfile } from './signin/port.ts';

/** A provider's name as a nickname when it passes the nickname rule, else none (the login stands in). */
function nicknameFrom(name: string): string | null {
  const cut = [...name.trim()].slice(0, NICKNAME_MAX).join('').trim();
  return checkProfileField('nickname', cut) === null ? cut : null;
}

/** Thrown inside the account transaction when another sign-in made this identity's account first. */
class IdentityRaced extends Error {}

async function insertIdentity(tx: Executor, provider: SigninProvider, userId: number, profile: ProviderProfile): Promise<boolean> {
  // No conflict target: either key (this identity taken, or this account has one of this provider) counts.
  const rows = await tx
    .insert(userIdentities)
    .values({ provider, subject: profile.subject, userId, name: profile.name.slice(0, 100), avatarUrl: profile.avatar })
    .onConflictDoNothing()
    .returning({ userId: userIdentities.userId });
  return rows.length > 0;
}

/**
 * Signs in with a provider identity: its account if linked, else a new account made with it in
 * one transaction. The identity's primary key decides a race between two first sign-ins: the
 * loser's transaction rolls back whole and it signs in to the winner's account, so one identity
 * never makes two accounts.
 */
export async function signInWithIdentity(
  db: Db,
  o: { provider: SigninProvider; profile: ProviderProfile; language: 'ru' | 'en'; ip?: string; userAgent?: string },
): Promise<{ result: Extract<SigninResult, 'ok' | 'new'>; userId: number; token: string }> {
  const existing = await findIdentityOwner(db, o.provider, o.profile.subject);
  if (existing !== null) return { result: 'ok', userId: existing, token: await refreshAndSignIn(db, o.provider, o.profile, existing, o.userAgent) };
  for (let attempt = 0; attempt < 5; attempt++) {
    const login = randomLogin();
    try {
      const made = await db.transaction(async (tx) => {
        const userId = await openAccount(tx, {
          login,
          passwordHash: null,
          nickname: nicknameFrom(o.profile.name) ?? login,
          language: o.language,
          ip: o.ip,
          regType: o.provider,
        });
        if (!userId) return null;
        if (!(await insertIdentity(tx, o.provider, userId, o.profile))) throw new IdentityRaced();
        if (o.profile.avatar) await setAvatarSource(tx, userId, o.provider);
        return { userId, token: await issueSession(tx, userId, o.userAgent) };
      });
      if (made) return { result: 'new', ...made };
    } catch (err) {
      if (!(err instanceof IdentityRaced)) throw err;
      const owner = await findIdentityOwner(db, o.provider, o.profile.subject);
      if (owner === null) throw err;
      return { result: 'ok', userId: owner, token: await refreshAndSignIn(db, o.provider, o.profile, owner, o.userAgent) };
    }
  }
  throw new Error('could not find a free login');
}

/** A returning player: the provider's current name and picture are kept for the profile. */
async function refreshAndSignIn(db: Db, provider: SigninProvider, profile: ProviderProfile, userId: number, userAgent?: string): Promise<string> {
  await db
    .update(userIdentities)
    .set({ name: profile.name.slice(0, 100), avatarUrl: profile.avatar })
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)));
  return issueSession(db, userId, userAgent);
}

/**
 * Links a provider identity to a signed-in account. One identity belongs to one account and an
 * account has one identity per provider: a link that breaks either is `identity_taken` (linking
 * the same identity again is fine).
 */
export async function linkIdentity(db: Db, o: { provider: SigninProvider; profile: ProviderProfile; userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, o.userId);
    if (await insertIdentity(tx, o.provider, o.userId, o.profile)) return;
    const owner = await findIdentityOwner(tx, o.provider, o.profile.subject);
    if (owner !== o.userId) throw new AppError('identity_taken', { provider: providerName(o.provider) });
  });
}

/**
 * Unlinks a provider, unless it is the account's last way to sign in (no password and no other
 * provider). The account row is locked, so two unlinks at once cannot leave it with none.
 */
export async function unlinkIdentity(db: Db, o: { provider: SigninProvider; userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, o.userId);
    const [counts] = await tx
      .select({ all: sql<number>`count(*)::int`, mine: sql<number>`count(*) filter (where ${userIdentities.provider} = ${o.provider})::int` })
      .from(userIdentities)
      .where(eq(userIdentities.userId, o.userId));
    if (!counts?.mine) return;
    if (!account.hasPassword && counts.all <= 1) throw new AppError('identity_last');
    await tx.delete(userIdentities).where(and(eq(userIdentities.userId, o.userId), eq(userIdentities.provider, o.provider)));
    // A picture that came from this provider is gone with it.
    if (account.avatarSource === o.provider) await setAvatarSource(tx, o.userId, 'generated');
  });
}
