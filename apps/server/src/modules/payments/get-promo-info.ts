import { normalizePromoCode, type PromoRecord } from '@store/shared/payments/promo';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { checkPromoFor } from './promo-store.ts';

/**
 * A code's terms, when it can be used now: by this player (their own uses count against the
 * per-player limit) or, for a guest (`userId` null), by anyone. Refusals are the catalogue's
 * promo codes, in the order of checkPromo.
 */
export async function getPromoInfo(opts: { db: Db; code: string; userId: number | null; now?: Date }): Promise<PromoRecord> {
  const code = normalizePromoCode(opts.code);
  if (!code) throw new AppError('promo_not_found');
  const verdict = await checkPromoFor(opts.db, { code, userId: opts.userId, now: opts.now ?? new Date() });
  if (!verdict.ok) throw new AppError(verdict.error);
  return verdict.record;
}
