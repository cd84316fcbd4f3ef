import type { FlexOffer, PromoRecord } from '@store/shared/payments/promo';
import type { Db } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { listSections } from '../cases/list-sections.ts';
import { insertPromoCode } from './promo-store.ts';

const always = { startsAt: null, expiresAt: null, totalLimit: 0, perUserLimit: 1 } as const;

/**
 * Demo codes a fresh store starts with: WELCOME10 (common 10 %), GIFT50 (instant 50 GOLD) and
 * BLOGGER (flex offers from 100 and 1 000 GOLD whose prize cases are real cases of the project).
 */
export function demoPromoCodes(prizeCases: readonly FlexOffer['case'][]): PromoRecord[] {
  const prize = (i: number): FlexOffer['case'] => prizeCases[i] ?? prizeCases[0] ?? { img: '', name: 'Case', price: 0 };
  return [
    { code: 'WELCOME10', terms: { kind: 'common', percent: 10, img: null }, ...always },
    { code: 'GIFT50', terms: { kind: 'instant', sumMinor: 5000 }, ...always },
    {
      code: 'BLOGGER',
      terms: {
        kind: 'blogger',
        img: null,
        flexOffers: [
          { case: prize(0), tcoinFactor: 15, priceFrom: 100, moneyFactor: 110 },
          { case: prize(1), tcoinFactor: 25, priceFrom: 1000, moneyFactor: 120 },
        ],
      },
      ...always,
    },
  ];
}

/**
 * Inserts the demo codes once: a code an operator changed or players used up is left alone on
 * the next start.
 */
export async function seedPromoCodes(opts: { db: Db; catalogue: Catalogue }): Promise<void> {
  const sections = await listSections({ db: opts.db, catalogue: opts.catalogue, lang: 'en' });
  const cheapest = sections
    .flatMap((s) => s.cases)
    .sort((a, b) => a.price_data.price - b.price_data.price)
    .slice(0, 2)
    .map((c) => ({ img: c.appearance_data.image, name: c.name, price: c.price_data.price }));
  for (const promo of demoPromoCodes(cheapest)) await insertPromoCode(opts.db, { ...promo, createdBy: 'seed' });
}
