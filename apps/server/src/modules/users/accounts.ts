import { eq, inArray, sql } from 'drizzle-orm';
import { checkSteamLogin, checkTradeUrl } from '@store/shared/steam';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthUser } from '../../http/auth.ts';
import { isOperatorRole } from '@store/shared/operators';
import { emailConfirmations, users } from './schema.ts';

/**
 * What other modules may ask of the users table. They never read or write it themselves, so a
 * column can change here without a game noticing.
 */

export interface NewAccount {
  login: string;
  passwordHash: string | null;
  nickname: string;
  language: 'ru' | 'en';
  ip?: string;
  regType: string;
}

/** Creates an account; null when the login is taken (the caller picks another). */
export async function createAccount(db: Executor, account: NewAccount): Promise<number | null> {
  const rows = await db.insert(users).values(account).onConflictDoNothing({ target: users.login }).returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function findCredentials(db: Executor, login: string): Promise<{ id: number; passwordHash: string | null } | null> {
  const rows = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.login, login)).limit(1);
  return rows[0] ?? null;
}

/** Who a session belongs to and what they may do: the operator role, and whether an operator blocked the account. */
export async function findAccess(db: Executor, userId: number): Promise<AuthUser | null> {
  const rows = await db.select({ id: users.id, isAdmin: users.isAdmin, role: users.role, blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).limit(1);
  const row = rows[0];
  return row ? { id: row.id, isAdmin: row.isAdmin, role: isOperatorRole(row.role) ? row.role : null, blocked: row.blockedAt !== null } : null;
}

export async function findUserIdByLogin(db: Executor, login: string): Promise<number | null> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.login, login)).limit(1);
  return rows[0]?.id ?? null;
}

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)).length > 0;
}

/** Nicknames by player id, for lists that show who played (one query whatever the count). */
export async function nicknamesOf(db: Executor, userIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, nickname: users.nickname }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

export async function findPlayerCard(db: Executor, userId: number): Promise<{ nickname: string } | null> {
  const rows = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** Adds to a player's play totals (cases opened, spent) inside the caller's transaction; experience comes from the activity stream. */
export async function addPlayTotals(db: Executor, userId: number, add: { casesOpened: number; spent: number }): Promise<void> {
  await db
    .update(users)
    .set({
      casesOpened: sql`${users.casesOpened} + ${add.casesOpened}`,
      spent: sql`${users.spent} + ${add.spent}`,
    })
    .where(eq(users.id, userId));
}

/** Each player's interface language, for messages sent outside the site. */
export async function languagesOf(db: Executor, userIds: Iterable<number>): Promise<Map<number, 'ru' | 'en'>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((r) => [r.id, r.language === 'en' ? 'en' : 'ru']));
}

/**
 * Saves a player's Steam trade link and/or login after the checks of spec §5 (the first failing
 * one refuses the whole call with its code, and nothing is saved); returns what is stored now.
 */
export async function setSteamData(db: Executor, userId: number, data: { link?: string; login?: string }): Promise<{ link: string | null; login: string | null }> {
  const link = data.link === undefined ? undefined : data.link.trim();
  const linkError = link === undefined ? null : checkTradeUrl(link);
  if (linkError) throw new AppError(linkError);
  const loginError = data.login === undefined ? null : checkSteamLogin(data.login);
  if (loginError) throw new AppError(loginError);
  const [row] = await db
    .update(users)
    .set({ ...(link !== undefined ? { steamLink: link } : {}), ...(data.login !== undefined ? { steamLogin: data.login } : {}) })
    .where(eq(users.id, userId))
    .returning({ link: users.steamLink, login: users.steamLogin });
  if (!row) throw new AppError('userNotFound');
  return row;
}

/** A player's saved Steam trade link and login (null when not set). */
export async function findSteamData(db: Executor, userId: number): Promise<{ link: string | null; login: string | null } | null> {
  const [row] = await db.select({ link: users.steamLink, login: users.steamLogin }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** What the fast missions (spec §3) read of a player: the e-mail's state, the trade link and the cases opened. */
export async function missionFacts(db: Executor, userId: number): Promise<{ emailConfirmed: boolean; emailSent: boolean; tradeLink: boolean }> {
  const [row] = await db
    .select({
      confirmedAt: users.emailConfirmedAt,
      steamLink: users.steamLink,
      sent: sql<boolean>`exists (select 1 from ${emailConfirmations} where ${emailConfirmations.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('userNotFound');
  return { emailConfirmed: row.confirmedAt !== null, emailSent: Boolean(row.sent), tradeLink: Boolean(row.steamLink) };
}

/** Locks the account row for the caller's transaction (account changes that must not interleave); what they need of it. */
export async function lockAccount(tx: Executor, userId: number): Promise<{ hasPassword: boolean; avatarSource: string }> {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash, avatarSource: users.avatarSource })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new AppError('userNotFound');
  return { hasPassword: row.passwordHash !== null, avatarSource: row.avatarSource };
}

/** Which picture the player shows: `generated` or a linked provider's. */
export async function setAvatarSource(db: Executor, userId: number, source: string): Promise<void> {
  await db.update(users).set({ avatarSource: source }).where(eq(users.id, userId));
}

/** Whether the account can sign in with a password (quick registration made one). */
export async function hasPassword(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return !!row?.passwordHash;
}
