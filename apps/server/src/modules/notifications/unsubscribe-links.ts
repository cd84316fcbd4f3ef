import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link in a reminder letter's List-Unsubscribe header: it names the player and is signed with
 * the store's secret, so opening it (or a mail client's one-click POST, RFC 8058) turns the
 * player's e-mail reminders off without signing in, and nobody can make one for another player.
 */
const signatureOf = (secret: string, userId: number) => createHmac('sha256', secret).update(`unsubscribe:daily-email:${userId}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: number): string => `${userId}.${signatureOf(secret, userId)}`;

/** The player a token names, or null when it is not one this store signed. */
export function readUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const expected = Buffer.from(signatureOf(secret, userId));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
