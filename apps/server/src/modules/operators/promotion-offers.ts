import { toMinor, toUnits } from '@store/shared/money';
import type { OfferCreateBody, OfferEditBody, OperatorOffer } from '@store/shared/api/operator-promotions';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findCasesBySlugs } from '../catalogue/find-cases.ts';
import {
  findOfferRow,
  insertOffer,
  listOfferRows,
  lockOffer,
  offerUsageById,
  setOfferDisabled,
  updateOffer,
  type OfferFields,
  type OfferRow,
  type OfferUsageRow,
} from '../offers/manage-offers.ts';
import { isOfferOnSale } from '../offers/present-offer.ts';
import { recordAction, type Operator } from './audit.ts';

/**
 * Offers in the console (decision 033): listed with their sales, made, edited and taken off sale
 * or put back, each change with its audit row in its transaction. What was sold stays sold at
 * the price paid; a change acts on the purchases to come.
 */
const NO_SALES: OfferUsageRow = { purchases: 0, revenueMinor: 0, players: 0, triggersFired: 0, triggersBought: 0 };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function stateOf(o: OfferRow, now: Date): OperatorOffer['state'] {
  if (o.disabledAt) return 'disabled';
  if (o.startsAt && o.startsAt > now) return 'scheduled';
  if (!isOfferOnSale(o, now)) return 'ended';
  if (o.totalLimit > 0 && o.sold >= o.totalLimit) return 'sold_out';
  return 'on_sale';
}

/** The fields an operator sets, as the console names them (the audit's before and after). */
const settingsOf = (o: OfferRow) => ({
  title_ru: o.titleRu,
  title_en: o.titleEn,
  description_ru: o.descriptionRu,
  description_en: o.descriptionEn,
  price: toUnits(o.price),
  old_price: toUnits(o.oldPrice),
  cases: o.cases,
  bonus_coins: toUnits(o.bonusCoins),
  bonus_money: toUnits(o.bonusMoney),
  is_secret: o.isSecret,
  sort: o.sort,
  starts_at: iso(o.startsAt),
  ends_at: iso(o.endsAt),
  total_limit: o.totalLimit,
});
type Settings = ReturnType<typeof settingsOf>;

function present(o: OfferRow, u: OfferUsageRow, now: Date): OperatorOffer {
  return {
    id: o.id,
    name: o.name,
    ...settingsOf(o),
    trigger_type: o.triggerType,
    disabled: o.disabledAt !== null,
    state: stateOf(o, now),
    usage: { purchases: u.purchases, revenue: toUnits(u.revenueMinor), players: u.players, triggers_fired: u.triggersFired, triggers_bought: u.triggersBought },
  };
}

function fieldsOf(b: Partial<Omit<OfferCreateBody, 'name' | 'reason'>>): OfferFields {
  const f: OfferFields = {};
  if (b.title_ru !== undefined) f.titleRu = b.title_ru;
  if (b.title_en !== undefined) f.titleEn = b.title_en;
  if (b.description_ru !== undefined) f.descriptionRu = b.description_ru;
  if (b.description_en !== undefined) f.descriptionEn = b.description_en;
  if (b.price !== undefined) f.price = toMinor(b.price);
  if (b.old_price !== undefined) f.oldPrice = toMinor(b.old_price);
  if (b.cases !== undefined) f.cases = b.cases;
  if (b.bonus_coins !== undefined) f.bonusCoins = toMinor(b.bonus_coins);
  if (b.bonus_money !== undefined) f.bonusMoney = toMinor(b.bonus_money);
  if (b.is_secret !== undefined) f.isSecret = b.is_secret;
  if (b.sort !== undefined) f.sort = b.sort;
  if (b.starts_at !== undefined) f.startsAt = b.starts_at === null ? null : new Date(b.starts_at);
  if (b.ends_at !== undefined) f.endsAt = b.ends_at === null ? null : new Date(b.ends_at);
  if (b.total_limit !== undefined) f.totalLimit = b.total_limit;
  return f;
}

async function checkCases(db: Executor, cases: { slug: string }[] | undefined) {
  if (!cases) return;
  const slugs = [...new Set(cases.map((c) => c.slug))];
  if ((await findCasesBySlugs(db, slugs)).length !== slugs.length) throw new AppError('caseNotFound');
}

export async function listOffersForOperators(db: Executor, now: Date): Promise<{ items: OperatorOffer[] }> {
  const [rows, usage] = await Promise.all([listOfferRows(db), offerUsageById(db)]);
  return { items: rows.map((o) => present(o, usage.get(o.id) ?? NO_SALES, now)) };
}

export async function getOfferForOperators(db: Executor, id: number, now: Date): Promise<OperatorOffer> {
  const row = await findOfferRow(db, id);
  if (!row) throw new AppError('offer_not_found');
  return present(row, (await offerUsageById(db)).get(id) ?? NO_SALES, now);
}

/** A new shop offer; its name is its key for ever, and a taken one is refused. */
export async function createOffer(o: { db: Db; body: OfferCreateBody; operator: Operator; now: Date }): Promise<OperatorOffer> {
  const { name, reason, ...rest } = o.body;
  await checkCases(o.db, rest.cases);
  return o.db.transaction(async (tx) => {
    const f = fieldsOf(rest);
    const row = await insertOffer(tx, { ...f, name, titleRu: rest.title_ru, titleEn: rest.title_en, descriptionRu: rest.description_ru, descriptionEn: rest.description_en, price: f.price!, oldPrice: f.oldPrice!, cases: rest.cases });
    if (!row) throw new AppError('offer_name_taken');
    await recordAction(tx, { operator: o.operator, action: 'offers.create', target: { kind: 'offer', id: row.id }, before: null, after: { name, ...settingsOf(row) }, reason: reason ?? null });
    return present(row, NO_SALES, o.now);
  });
}

/**
 * Changes an offer with its row locked: the old price stays at least the price, the end after
 * the start, and a sales limit never below what was sold. The audit holds the changed fields.
 */
export async function editOffer(o: { db: Db; id: number; body: OfferEditBody; operator: Operator; now: Date }): Promise<OperatorOffer> {
  const { reason, ...changes } = o.body;
  await checkCases(o.db, changes.cases);
  return o.db.transaction(async (tx) => {
    const row = await lockOffer(tx, o.id);
    if (!row) throw new AppError('offer_not_found');
    const f = fieldsOf(changes);
    if ((f.oldPrice ?? row.oldPrice) < (f.price ?? row.price)) throw new AppError('offer_price_above_old');
    const startsAt = f.startsAt === undefined ? row.startsAt : f.startsAt;
    const endsAt = f.endsAt === undefined ? row.endsAt : f.endsAt;
    if (startsAt && endsAt && endsAt <= startsAt) throw new AppError('promotion_dates_order');
    if (f.totalLimit !== undefined && f.totalLimit > 0 && f.totalLimit < row.sold) throw new AppError('offer_limit_below_sold', { sold: row.sold });
    const updated = await updateOffer(tx, o.id, f);
    const keys = Object.keys(changes) as (keyof Settings)[];
    const before = settingsOf(row);
    const after = settingsOf(updated);
    await recordAction(tx, {
      operator: o.operator,
      action: 'offers.edit',
      target: { kind: 'offer', id: o.id },
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      reason: reason ?? null,
    });
    return present(updated, (await offerUsageById(tx)).get(o.id) ?? NO_SALES, o.now);
  });
}

/** Takes an offer off sale (nobody sees or buys it, a fired trigger's included) or back on; a no-op writes no audit row. */
export async function setOfferEnabled(o: { db: Db; id: number; enabled: boolean; reason?: string | null; operator: Operator; now: Date }): Promise<OperatorOffer> {
  return o.db.transaction(async (tx) => {
    const row = await lockOffer(tx, o.id);
    if (!row) throw new AppError('offer_not_found');
    const changed = await setOfferDisabled(tx, o.id, o.enabled ? null : o.now);
    if (changed) {
      await recordAction(tx, {
        operator: o.operator,
        action: o.enabled ? 'offers.enable' : 'offers.disable',
        target: { kind: 'offer', id: o.id },
        before: { disabled: row.disabledAt !== null },
        after: { disabled: !o.enabled },
        reason: o.reason ?? null,
      });
    }
    return present(changed ?? row, (await offerUsageById(tx)).get(o.id) ?? NO_SALES, o.now);
  });
}
