import { eq, sql } from 'drizzle-orm';
import { checkProfileField, normalizeEmail, providerName, type ProfileField } from '@store/shared/account';
import type { ProfileBody } from '@store/shared/api/account';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { LinkedProviders } from './subscriptions.ts';
import { users } from './schema.ts';

// Checked in the order the settings page shows them, so the first refusal is the topmost field.
const FIELDS: readonly ProfileField[] = ['nickname', 'first_name', 'last_name', 'email', 'city', 'country'];

/**
 * Saves the profile fields the player sent (spec §3 User). Every given field is checked first:
 * the first failing one refuses the whole call with its code and nothing is saved. Values are
 * saved trimmed, an empty personal field is cleared, and a changed e-mail loses its confirmation.
 * A provider's avatar may be picked only while that provider is linked.
 */
export async function updateProfile(db: Executor, userId: number, body: ProfileBody, linked: LinkedProviders): Promise<void> {
  for (const field of FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    const refused = checkProfileField(field, value);
    if (refused) throw new AppError(refused);
  }
  if (body.avatar !== undefined && body.avatar !== 'generated') {
    if (!(await linked()).includes(body.avatar)) throw new AppError('provider_not_linked', { provider: providerName(body.avatar) });
  }
  const clearable = (v: string | undefined) => (v === undefined ? undefined : v.trim() || null);
  const email = body.email === undefined ? undefined : normalizeEmail(body.email) || null;
  const set = {
    ...(body.nickname !== undefined ? { nickname: body.nickname.trim() } : {}),
    ...(body.first_name !== undefined ? { firstName: clearable(body.first_name) } : {}),
    ...(body.last_name !== undefined ? { lastName: clearable(body.last_name) } : {}),
    ...(body.city !== undefined ? { city: clearable(body.city) } : {}),
    ...(body.country !== undefined ? { country: clearable(body.country)?.toUpperCase() ?? null } : {}),
    ...(body.avatar !== undefined ? { avatarSource: body.avatar } : {}),
    // One statement compares the stored address with the new one, so a confirmation is never kept for another address.
    ...(email !== undefined
      ? { email, emailConfirmedAt: sql`case when ${users.email} is not distinct from ${email} then ${users.emailConfirmedAt} else null end` }
      : {}),
  };
  if (!Object.keys(set).length) return;
  const updated = await db.update(users).set(set).where(eq(users.id, userId)).returning({ id: users.id });
  if (!updated.length) throw new AppError('userNotFound');
}
