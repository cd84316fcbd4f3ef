import { z } from 'zod';
import { toMinor } from '@store/shared/money';
import { PROMO_KINDS, type PromoTerms } from '@store/shared/payments/promo';
import { PROMO_BOUNDS, promoCreateBody } from '@store/shared/api/operator-promotions';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { createPromoCode, termsToInput } from '../modules/operators/promotion-codes.ts';
import { AdminError } from './admin-error.ts';

const flexOffers = z
  .array(
    z.object({
      case: z.object({ img: z.string(), name: z.string().min(1), price: z.number().nonnegative() }),
      tcoinFactor: z.number().nonnegative(),
      priceFrom: z.number().nonnegative(),
      moneyFactor: z.number().min(PROMO_BOUNDS.moneyFactorMin).max(PROMO_BOUNDS.moneyFactorMax),
    }),
  )
  .min(1);

/** `npm run admin -- promo create ...`, as it travels to the server's loopback door. */
export const promoCreateCommand = z.object({
  command: z.literal('promo-create'),
  code: z.string().min(1),
  kind: z.enum(PROMO_KINDS),
  /** Common: the deposit bonus in percent. */
  percent: z.number().positive().max(PROMO_BOUNDS.percentMax).optional(),
  /** Instant: GOLD credited on apply. */
  sum: z.number().positive().max(PROMO_BOUNDS.sumMax).optional(),
  /** Blogger: the flex offers as JSON (FlexOffer[]). */
  offers: z.string().optional(),
  /** Case: the slug of the case opened free, and the days the opening lasts. */
  case: z.string().min(1).optional(),
  days: z.number().positive().max(PROMO_BOUNDS.daysMax).optional(),
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

/**
 * Creates a promo code through the console's operation (the same checks, the same audit row,
 * naming `--operator`); an existing code is refused rather than changed under its players.
 */
export async function createPromo(db: Db, cmd: PromoCreateCommand) {
  const terms = termsOf(cmd);
  const parsed = promoCreateBody.safeParse({
    code: cmd.code,
    terms: termsToInput(terms),
    starts_at: cmd.starts ?? null,
    expires_at: cmd.expires ?? null,
    total_limit: cmd.total,
    per_player_limit: cmd.perPlayer,
  });
  if (!parsed.success) throw new AdminError(`bad promo code "${cmd.code}": ${z.prettifyError(parsed.error)}`);
  const created = await createPromoCode({ db, body: parsed.data, operator: { id: null, name: cmd.operator }, now: new Date() }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'promo_code_taken') throw new AdminError(`promo code ${parsed.data.code} already exists`);
    if (err instanceof AppError && err.code === 'caseNotFound' && terms.kind === 'case') throw new AdminError(`no case "${terms.caseSlug}"`);
    throw err;
  });
  return {
    code: created.code,
    kind: terms.kind,
    terms,
    starts_at: cmd.starts ?? null,
    expires_at: cmd.expires ?? null,
    total_limit: cmd.total,
    per_player_limit: cmd.perPlayer,
  };
}
