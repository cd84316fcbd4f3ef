import { toMinor, toUnits } from '@store/shared/money';
import { checkPromo, type PromoTerms } from '@store/shared/payments/promo';
import type { OperatorPromoCode, PromoCreateBody, PromoEditBody, PromoTermsInput } from '@store/shared/api/operator-promotions';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findCaseBySlug } from '../catalogue/find-cases.ts';
import {
  findPromoCodeRow,
  listPromoCodeRows,
  lockPromoCode,
  promoUsageByCode,
  setPromoCodeDisabled,
  updatePromoCode,
  type PromoCodeRow,
  type PromoUsageRow,
} from '../payments/manage-promo-codes.ts';
import { insertPromoCode, toPromoRecord } from '../payments/promo-store.ts';
import { recordAction, type Operator } from './audit.ts';

/**
 * Promo codes in the console and `npm run admin -- promo create` (decision 033): one operation
 * per change, each with its audit row in the change's transaction. A change acts on the uses
 * still to come; what earlier uses credited is never touched.
 */

/** The console's terms (GOLD units) from the stored ones (minor units); `img` is the store's own. */
export function termsToInput(t: PromoTerms): PromoTermsInput {
  switch (t.kind) {
    case 'common':
      return { kind: 'common', percent: t.percent };
    case 'instant':
      return { kind: 'instant', sum: toUnits(t.sumMinor) };
    case 'case':
      return { kind: 'case', case_slug: t.caseSlug, days: t.days };
    case 'blogger':
      return { kind: 'blogger', flex_offers: t.flexOffers };
  }
}

function termsFromInput(i: PromoTermsInput, keep: PromoTerms | null): PromoTerms {
  const img = keep && (keep.kind === 'common' || keep.kind === 'blogger') ? keep.img : null;
  switch (i.kind) {
    case 'common':
      return { kind: 'common', percent: i.percent, img };
    case 'instant':
      return { kind: 'instant', sumMinor: toMinor(i.sum) };
    case 'case':
      return { kind: 'case', caseSlug: i.case_slug, days: i.days };
    case 'blogger':
      return { kind: 'blogger', img, flexOffers: i.flex_offers };
  }
}

const NO_USE: PromoUsageRow = { uses: 0, creditedMinor: 0, players: 0, attached: 0, lastUsedAt: null };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a player would be told about the code now (a guest's view: no uses of their own). */
function stateOf(row: PromoCodeRow, now: Date): OperatorPromoCode['state'] {
  if (row.disabledAt) return 'disabled';
  const refusal = checkPromo({ promo: toPromoRecord(row), now: now.getTime(), totalUses: row.uses, userUses: 0 });
  if (refusal === 'promo_not_found') return 'scheduled';
  if (refusal === 'promo_expired') return 'expired';
  if (refusal === 'promo_exhausted') return 'exhausted';
  return 'active';
}

function present(row: PromoCodeRow, usage: PromoUsageRow, now: Date): OperatorPromoCode {
  const terms = row.terms as unknown as PromoTerms;
  return {
    code: row.code,
    kind: terms.kind,
    terms: termsToInput(terms),
    starts_at: iso(row.startsAt),
    expires_at: iso(row.expiresAt),
    total_limit: row.totalLimit,
    per_player_limit: row.perUserLimit,
    disabled: row.disabledAt !== null,
    disabled_at: iso(row.disabledAt),
    state: stateOf(row, now),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    usage: {
      uses: usage.uses,
      credited: toUnits(usage.creditedMinor),
      players: usage.players,
      attached: usage.attached,
      last_used_at: iso(usage.lastUsedAt),
    },
  };
}

/** The fields the audit shows before and after: the code's settings, not its use. */
const settingsOf = (row: PromoCodeRow) => ({
  terms: termsToInput(row.terms as unknown as PromoTerms),
  starts_at: iso(row.startsAt),
  expires_at: iso(row.expiresAt),
  total_limit: row.totalLimit,
  per_player_limit: row.perUserLimit,
});

/** Every code, newest last, with its use. */
export async function listPromoCodes(db: Executor, now: Date): Promise<{ items: OperatorPromoCode[] }> {
  const [rows, usage] = await Promise.all([listPromoCodeRows(db), promoUsageByCode(db)]);
  return { items: rows.map((r) => present(r, usage.get(r.code) ?? NO_USE, now)) };
}

export async function getPromoCode(db: Executor, code: string, now: Date): Promise<OperatorPromoCode> {
  const row = await findPromoCodeRow(db, code);
  if (!row) throw new AppError('promo_not_found');
  return present(row, (await promoUsageByCode(db)).get(code) ?? NO_USE, now);
}

async function checkCase(db: Executor, terms: PromoTerms) {
  if (terms.kind === 'case' && !(await findCaseBySlug(db, terms.caseSlug))) throw new AppError('caseNotFound');
}

/** A new code; a code that exists (in any case of letters) is refused, never changed under its players. */
export async function createPromoCode(o: { db: Db; body: PromoCreateBody; operator: Operator; now: Date }): Promise<OperatorPromoCode> {
  const { body } = o;
  const terms = termsFromInput(body.terms, null);
  await checkCase(o.db, terms);
  return o.db.transaction(async (tx) => {
    const created = await insertPromoCode(tx, {
      code: body.code,
      terms,
      startsAt: body.starts_at ? Date.parse(body.starts_at) : null,
      expiresAt: body.expires_at ? Date.parse(body.expires_at) : null,
      totalLimit: body.total_limit,
      perUserLimit: body.per_player_limit,
      createdBy: o.operator.name,
    });
    if (!created) throw new AppError('promo_code_taken');
    const row = (await findPromoCodeRow(tx, body.code))!;
    await recordAction(tx, {
      operator: o.operator,
      action: 'promo_codes.create',
      target: { kind: 'promo_code', id: body.code },
      before: null,
      after: settingsOf(row),
      reason: body.reason ?? null,
    });
    return present(row, NO_USE, o.now);
  });
}

/**
 * Changes a code's terms, dates or limits, with the code locked so no use slips between the
 * checks and the change: the kind stays, the end stays after the start, and a total limit never
 * drops below the uses made. The audit row holds the changed fields before and after.
 */
export async function editPromoCode(o: { db: Db; code: string; body: PromoEditBody; operator: Operator; now: Date }): Promise<OperatorPromoCode> {
  const { reason, ...changes } = o.body;
  return o.db.transaction(async (tx) => {
    const row = await lockPromoCode(tx, o.code);
    if (!row) throw new AppError('promo_not_found');
    const current = row.terms as unknown as PromoTerms;
    const terms = changes.terms ? termsFromInput(changes.terms, current) : undefined;
    if (terms && terms.kind !== current.kind) throw new AppError('promo_kind_fixed');
    if (terms) await checkCase(tx, terms);
    const startsAt = changes.starts_at === undefined ? row.startsAt : changes.starts_at === null ? null : new Date(changes.starts_at);
    const expiresAt = changes.expires_at === undefined ? row.expiresAt : changes.expires_at === null ? null : new Date(changes.expires_at);
    if (startsAt && expiresAt && expiresAt <= startsAt) throw new AppError('promotion_dates_order');
    if (changes.total_limit !== undefined && changes.total_limit > 0 && changes.total_limit < row.uses)
      throw new AppError('promo_limit_below_uses', { uses: row.uses });
    const updated = await updatePromoCode(tx, o.code, {
      terms,
      startsAt: changes.starts_at === undefined ? undefined : startsAt,
      expiresAt: changes.expires_at === undefined ? undefined : expiresAt,
      totalLimit: changes.total_limit,
      perUserLimit: changes.per_player_limit,
    });
    const keys = Object.keys(changes) as (keyof typeof changes)[];
    const before = settingsOf(row);
    const after = settingsOf(updated);
    await recordAction(tx, {
      operator: o.operator,
      action: 'promo_codes.edit',
      target: { kind: 'promo_code', id: o.code },
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      reason: reason ?? null,
    });
    return present(updated, (await promoUsageByCode(tx)).get(o.code) ?? NO_USE, o.now);
  });
}

/**
 * Switches a code off or on. Off, players are refused it as expired, on lookup, on apply and on
 * the deposit of a player holding it; on again, it serves within its dates and limits. Switching
 * to the state it is already in changes nothing and writes no audit row.
 */
export async function setPromoCodeEnabled(o: { db: Db; code: string; enabled: boolean; reason?: string | null; operator: Operator; now: Date }): Promise<OperatorPromoCode> {
  return o.db.transaction(async (tx) => {
    const row = await lockPromoCode(tx, o.code);
    if (!row) throw new AppError('promo_not_found');
    const changed = await setPromoCodeDisabled(tx, o.code, o.enabled ? null : o.now);
    if (changed) {
      await recordAction(tx, {
        operator: o.operator,
        action: o.enabled ? 'promo_codes.enable' : 'promo_codes.disable',
        target: { kind: 'promo_code', id: o.code },
        before: { disabled: row.disabledAt !== null },
        after: { disabled: !o.enabled },
        reason: o.reason ?? null,
      });
    }
    return present(changed ?? row, (await promoUsageByCode(tx)).get(o.code) ?? NO_USE, o.now);
  });
}
