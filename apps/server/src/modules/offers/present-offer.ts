import type { Lang } from '@store/shared/errors';
import type { InnerOfferWire, OfferWire } from '@store/shared/api/payments';
import { toUnits } from '@store/shared/money';
import { offerSalePercent, offerText } from '@store/shared/offer-label';
import type { Executor } from '../../db/client.ts';
import { type offers } from './schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCasesBySlugs, type CaseRow } from '../catalogue/find-cases.ts';

export type OfferRow = typeof offers.$inferSelect;
export type CasesBySlug = Map<string, CaseRow>;

/** The cases the offers bundle, by slug, in one query. */
export async function loadOfferCases(db: Executor, rows: readonly OfferRow[]): Promise<CasesBySlug> {
  const slugs = [...new Set(rows.flatMap((o) => o.cases.map((c) => c.slug)))];
  if (!slugs.length) return new Map();
  const found = await findCasesBySlugs(db, slugs);
  return new Map(found.map((c) => [c.slug, c]));
}

/** On sale: not taken off sale by an operator, and within its dates. */
export const isOfferOnSale = (o: OfferRow, now = new Date()) => !o.disabledAt && (!o.startsAt || o.startsAt <= now) && (!o.endsAt || o.endsAt > now);

function common(o: OfferRow, bySlug: CasesBySlug, catalogue: Catalogue, lang: Lang) {
  const bundled = o.cases.flatMap((ref) => {
    const c = bySlug.get(ref.slug);
    // A case the catalogue dropped since is not shown (buying then refuses with a case code).
    if (!c) return [];
    return [{ id: c.id, slug: c.slug, name: lang === 'en' ? c.nameEn : c.nameRu, image: catalogue.caseImage(c), price: toUnits(c.price), count: ref.count }];
  });
  // The badge's figure, and the same figure wherever the texts say the discount.
  const sale = offerSalePercent(o.oldPrice, o.price);
  return {
    title: offerText(lang === 'en' ? o.titleEn : o.titleRu, sale),
    description: offerText(lang === 'en' ? o.descriptionEn : o.descriptionRu, sale),
    image: o.imageUrl ?? bundled[0]?.image ?? '',
    old_price: toUnits(o.oldPrice),
    price: toUnits(o.price),
    sale,
    label: o.label,
    label_color: o.labelColor,
    label_name: (lang === 'en' ? o.labelNameEn : o.labelNameRu) ?? null,
    cases: bundled,
    bonus_coins: toUnits(o.bonusCoins),
    bonus_money: toUnits(o.bonusMoney),
  };
}

export function presentOffer(o: OfferRow, opts: { bySlug: CasesBySlug; catalogue: Catalogue; lang: Lang; bought: boolean }): OfferWire {
  return {
    id: o.id,
    name: o.name,
    ...common(o, opts.bySlug, opts.catalogue, opts.lang),
    ends_at: o.endsAt ? o.endsAt.toISOString() : null,
    left: o.totalLimit === 0 ? null : Math.max(0, o.totalLimit - o.sold),
    bought: opts.bought,
  };
}

export function presentInnerOffer(
  t: { id: number; triggerType: string },
  o: OfferRow,
  opts: { bySlug: CasesBySlug; catalogue: Catalogue; lang: Lang },
): InnerOfferWire {
  return { ...common(o, opts.bySlug, opts.catalogue, opts.lang), trigger_id: t.id, offer_id: o.id, offer_name: o.name, trigger_type: t.triggerType };
}
