import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { checkProfileField, normalizeEmail } from '@store/shared/account';
import type { Lang } from '@store/shared/errors';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { htmlOfText } from '../mail/html.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailConfirmations, users } from './schema.ts';

/** A link works for a day; a player may ask for a new letter once a minute. */
export const EMAIL_LINK_TTL_MS = 24 * 3600_000;
export const EMAIL_RESEND_MS = 60_000;

// Only the hash is stored: a leaked table confirms nobody's address.
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const letters: Record<Lang, (o: { nickname: string; email: string; site: string; link: string }) => { subject: string; text: string }> = {
  ru: (o) => ({
    subject: `${o.site}: подтвердите адрес электронной почты`,
    text: `Здравствуйте, ${o.nickname}!\n\nЧтобы подтвердить адрес ${o.email}, откройте ссылку:\n${o.link}\n\nСсылка действует 24 часа и открывается один раз. Если вы не указывали этот адрес на ${o.site}, просто удалите письмо.`,
  }),
  en: (o) => ({
    subject: `${o.site}: confirm your e-mail address`,
    text: `Hello, ${o.nickname}!\n\nTo confirm ${o.email}, open this link:\n${o.link}\n\nThe link works for 24 hours and only once. If you did not give this address on ${o.site}, simply delete this e-mail.`,
  }),
};

/**
 * Saves the player's address and mails a one-time confirmation link in their language
 * (spec §7 send-email). The player's row is locked while the once-a-minute rule is checked, so two
 * quick clicks cannot both send. A letter the mail service refused for good leaves no token
 * behind, so the player may ask again at once; one refused for now goes later from the outbox.
 */
export async function sendEmailConfirmation(o: { db: Db; mailer: Mailer; userId: number; email: string; base: string; site: string; now: Date }): Promise<string> {
  const refused = checkProfileField('email', o.email);
  if (refused) throw new AppError(refused);
  const email = normalizeEmail(o.email);
  // An empty address clears the profile field, but there is nothing to confirm here.
  if (!email) throw new AppError('profile_email');
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const user = await o.db.transaction(async (tx) => {
    const [row] = await tx.select({ nickname: users.nickname, language: users.language }).from(users).where(eq(users.id, o.userId)).for('update');
    if (!row) throw new AppError('userNotFound');
    const recent = await tx
      .select({ at: emailConfirmations.createdAt })
      .from(emailConfirmations)
      .where(and(eq(emailConfirmations.userId, o.userId), gt(emailConfirmations.createdAt, new Date(o.now.getTime() - EMAIL_RESEND_MS))))
      .limit(1);
    if (recent.length) throw new AppError('email_too_often');
    await tx
      .update(users)
      .set({ email, emailConfirmedAt: sql`case when ${users.email} is not distinct from ${email} then ${users.emailConfirmedAt} else null end` })
      .where(eq(users.id, o.userId));
    await tx.insert(emailConfirmations).values({ tokenHash, userId: o.userId, email, createdAt: o.now, expiresAt: new Date(o.now.getTime() + EMAIL_LINK_TTL_MS) });
    return row;
  });
  const link = `${o.base}/api/v1/users/email/confirm?token=${token}`;
  const lang = user.language === 'en' ? 'en' : 'ru';
  const { subject, text } = letters[lang]({ nickname: user.nickname, email, site: o.site, link });
  try {
    const letter = { subject, text, html: htmlOfText(lang, subject, text) };
    await o.mailer.send({ key: `email-confirmation:${tokenHash}`, template: 'email-confirmation', userId: o.userId, to: email, ...letter });
  } catch (err) {
    await o.db.delete(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash));
    throw err;
  }
  return email;
}

/**
 * Follows a mailed link: the token is taken by one conditional update (unused and unexpired), so
 * a link confirms once however often it is opened; the address is confirmed only if it is still
 * the player's. `lang` is the owner's language when the token is known, for the page to go back to.
 */
export async function confirmEmail(db: Db, token: string, now: Date): Promise<{ confirmed: boolean; lang: Lang | null }> {
  if (!TOKEN_RE.test(token)) return { confirmed: false, lang: null };
  const tokenHash = hashOf(token);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmations.tokenHash, tokenHash), isNull(emailConfirmations.usedAt), gt(emailConfirmations.expiresAt, now)))
      .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
    if (!taken) {
      const [known] = await tx
        .select({ language: users.language })
        .from(emailConfirmations)
        .innerJoin(users, eq(users.id, emailConfirmations.userId))
        .where(eq(emailConfirmations.tokenHash, tokenHash));
      return { confirmed: false, lang: known ? (known.language === 'en' ? 'en' : 'ru') : null };
    }
    const [user] = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(users.id, taken.userId), eq(users.email, taken.email)))
      .returning({ language: users.language });
    if (user) return { confirmed: true, lang: user.language === 'en' ? 'en' : 'ru' };
    const [owner] = await tx.select({ language: users.language }).from(users).where(eq(users.id, taken.userId));
    return { confirmed: false, lang: owner?.language === 'en' ? 'en' : 'ru' };
  });
}

/** The players among `userIds` with a confirmed address: where letters about their account may go, and in which language. */
export async function confirmedAddresses(db: Executor, userIds: readonly number[]): Promise<Map<number, { nickname: string; email: string; lang: Lang }>> {
  if (!userIds.length) return new Map();
  const found = await db
    .select({ id: users.id, nickname: users.nickname, email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNotNull(users.emailConfirmedAt), isNotNull(users.email)));
  return new Map(found.map((u) => [u.id, { nickname: u.nickname, email: u.email!, lang: u.language === 'en' ? ('en' as const) : ('ru' as const) }]));
}
