import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { telegramLinks, telegramLinkTokens } from './schema.ts';

/** How long a link token may be used: long enough to open Telegram and press Start. */
export const LINK_TOKEN_TTL_MS = 15 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A one-time token for the bot's deep link (`https://t.me/<bot>?start=<token>`). Telegram allows
 * up to 64 characters of A-Z, a-z, 0-9, _ and - there; 32 random bytes in base64url are 43. Only
 * its hash is kept, so the table cannot link anyone's chat.
 */
export async function createLinkToken(db: Executor, { userId, now }: { userId: number; now: Date }): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_TOKEN_TTL_MS);
  // The player's spent and expired tokens go as a new one is made, so the table stays as small as the links in flight.
  await db.delete(telegramLinkTokens).where(and(eq(telegramLinkTokens.userId, userId), or(isNotNull(telegramLinkTokens.usedAt), lte(telegramLinkTokens.expiresAt, now))));
  await db.insert(telegramLinkTokens).values({ tokenHash: hashOf(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * Links the chat that presented the token to the token's player, in one transaction: the token is
 * used up by one conditional update (a second `/start` with it finds nothing), the player's
 * earlier chat is replaced, and a chat linked to another player moves to this one.
 * Answers the player, or null for an unknown, used or expired token.
 */
export async function linkChat(db: Db, { token, chatId, now }: { token: string; chatId: number; now: Date }): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(telegramLinkTokens)
      .set({ usedAt: now })
      .where(and(eq(telegramLinkTokens.tokenHash, hashOf(token)), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, now)))
      .returning({ userId: telegramLinkTokens.userId });
    if (!used) return null;
    await tx.delete(telegramLinks).where(and(eq(telegramLinks.chatId, chatId), ne(telegramLinks.userId, used.userId)));
    await tx
      .insert(telegramLinks)
      .values({ userId: used.userId, chatId, linkedAt: now })
      .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, linkedAt: now, deadAt: null, deadReason: null } });
    return used.userId;
  });
}

export async function findTelegramLink(db: Executor, userId: number) {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row ?? null;
}

/** The player unlinked: the bot writes to that chat no more. */
export async function unlinkTelegram(db: Executor, userId: number): Promise<void> {
  await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
}

/** The chat refused the bot (403): kept as dead, so nothing more is sent until the player links again. */
export async function markLinkDead(db: Executor, { userId, chatId, reason, now }: { userId: number; chatId: number; reason: string; now: Date }): Promise<void> {
  await db
    .update(telegramLinks)
    .set({ deadAt: now, deadReason: reason.slice(0, 500) })
    .where(and(eq(telegramLinks.userId, userId), eq(telegramLinks.chatId, chatId)));
}
