import { z } from 'zod';
import { toMinor } from '@store/shared/money';
import { normalizePromoCode, PROMO_KINDS, type PromoTerms } from '@store/shared/payments/promo';
import type { Db } from '../db/client.ts';
import { insertPromoCode } from '../modules/payments/promo-store.ts';
import { findCaseBySlug } from '../modules/catalogue/find-cases.ts';
import { AdminError } from './admin-error.ts';

const flexOffers = z
  .array(
    z.object({
      case: z.object({ img: z.string(), name: z.string().min(1), price: z.number().nonnegative() }),
      tcoinFactor: z.number().nonnegative(),
      priceFrom: z.number().nonnegative(),
      moneyFactor: z.number().min(100).max(1000),
    }),
  )
  .min(1);

/** `npm run admin -- promo create ...`, as it travels to the server's loopback door. */
export const promoCreateCommand = z.object({
  command: z.literal('promo-create'),
  code: z.string().min(1),
  kind: z.enum(PROMO_KINDS),
  /** Common: the deposit bonus in percent. */
  percent: z.number().positive().max(1000).optional(),
  /** Instant: GOLD credited on apply. */
  sum: z.number().positive().max(10_000_000).optional(),
  /** Blogger: the flex offers as JSON (FlexOffer[]). */
  offers: z.string().optional(),
  /** Case: the slug of the case opened free, and the days the opening lasts. */
  case: z.string().min(1).optional(),
  days: z.number().positive().max(365).optional(),
  starts: z.iso.datetime({ offset: true }).optional(),
  expires: z.iso.datetime({ offset: true }).optional(),
  total: z.number().int().min(0).default(0),
  perPlayer: z.number().int().min(0).default(0),
  operator: z.string().min(1),
});
export type PromoCreateCommand = z.infer<typeof promoCreateCommand>;

function termsOf(cmd: PromoCreateCommand): PromoTerms {
  switch (cmd.kind) {
    case 'common':
      if (cmd.percent === undefined) throw new AdminError('a common code needs --percent');
      return { kind: 'common', percent: cmd.percent, img: null };
    case 'instant':
      if (cmd.sum === undefined) throw new AdminError('an instant code needs --sum (GOLD credited on apply)');
      return { kind: 'instant', sumMinor: toMinor(cmd.sum) };
    case 'case':
      if (!cmd.case) throw new AdminError('a case code needs --case (the slug of the case opened free)');
      return { kind: 'case', caseSlug: cmd.case, days: cmd.days ?? 7 };
    case 'blogger': {
      let json: unknown;
      try {
        json = JSON.parse(cmd.offers ?? '');
      } catch {
        throw new AdminError('a blogger code needs --offers with a JSON array of flex offers');
      }
      const parsed = flexOffers.safeParse(json);
      if (!parsed.success) throw new AdminError(`bad --offers: ${z.prettifyError(parsed.error)}`);
      return { kind: 'blogger', img: null, flexOffers: parsed.data };
    }
  }
}

/** Creates a promo code; an existing code is refused rather than changed under its players. */
export async function createPromo(db: Db, cmd: PromoCreateCommand) {
  const code = normalizePromoCode(cmd.code);
  if (!code || !/^[A-Z0-9_-]+$/.test(code)) throw new AdminError(`bad code "${cmd.code}": letters, digits, _ and - only`);
  const terms = termsOf(cmd);
  if (terms.kind === 'case' && !(await findCaseBySlug(db, terms.caseSlug))) throw new AdminError(`no case "${terms.caseSlug}"`);
  const startsAt = cmd.starts ? Date.parse(cmd.starts) : null;
  const expiresAt = cmd.expires ? Date.parse(cmd.expires) : null;
  if (startsAt !== null && expiresAt !== null && expiresAt <= startsAt) throw new AdminError('--expires must be after --starts');
  const created = await insertPromoCode(db, {
    code,
    terms,
    startsAt,
    expiresAt,
    totalLimit: cmd.total,
    perUserLimit: cmd.perPlayer,
    createdBy: cmd.operator,
  });
  if (!created) throw new AdminError(`promo code ${code} already exists`);
  return {
    code,
    kind: terms.kind,
    terms,
    starts_at: cmd.starts ?? null,
    expires_at: cmd.expires ?? null,
    total_limit: cmd.total,
    per_player_limit: cmd.perPlayer,
  };
}
