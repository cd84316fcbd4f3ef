import { discountedPrice } from '@store/shared/offer-label';
import type { Db } from '../../db/client.ts';
import { listUnlimitedCases } from '../catalogue/find-cases.ts';
import { offers, type OfferCaseRef } from './schema.ts';

type OfferInsert = typeof offers.$inferInsert;
interface SeedCase {
  slug: string;
  price: number;
  section: string;
  battleAllowed: boolean;
}

type Project = 'cs' | 'dota';

/**
 * The offer of each game's most wanted drops: two knife cases in a CS2 store; in a Dota 2 store the
 * two dearest cases of the rarity tiers, immortals and arcanas.
 */
const HUNTER = {
  cs: {
    pick: (byPrice: readonly SeedCase[]) => byPrice.filter((c) => c.section === 'knife').slice(0, 2),
    name: 'knife-hunter',
    titleRu: 'Охотник за ножами',
    titleEn: 'Knife hunter',
    descriptionRu: 'Два ножевых кейса со скидкой {sale} % и 5 % их цены на баланс',
    descriptionEn: 'Two knife cases at {sale} % off and 5 % of their price back on your balance',
  },
  dota: {
    pick: (byPrice: readonly SeedCase[]) => byPrice.filter((c) => c.section === 'tiers').slice(-2),
    name: 'arcana-hunter',
    titleRu: 'Охотник за арканами',
    titleEn: 'Arcana hunter',
    descriptionRu: 'Два кейса с имморталами и арканами со скидкой {sale} % и 5 % их цены на баланс',
    descriptionEn: 'Two cases of immortals and arcanas at {sale} % off and 5 % of their price back on your balance',
  },
} satisfies Record<Project, { pick(byPrice: readonly SeedCase[]): SeedCase[]; name: string; titleRu: string; titleEn: string; descriptionRu: string; descriptionEn: string }>;

/** The name (and address) of the project's hunter offer. */
export const hunterOfferName = (project: Project): string => HUNTER[project].name;

function bundle(picked: readonly SeedCase[], count: number, percentOff: number) {
  const refs: OfferCaseRef[] = picked.map((c) => ({ slug: c.slug, count }));
  const oldPrice = picked.reduce((s, c) => s + c.price * count, 0);
  return { cases: refs, oldPrice, price: discountedPrice(oldPrice, percentOff) };
}

/**
 * The demo offers, computed from the catalogue's openable cases so they follow the project and
 * are the same on every start. Texts say the discount as `{sale}`, the badge's own figure
 * (offerText). The starter pack (the three cheapest cases, 30 % off, 50 coins), the hunter
 * (the game's two most wanted cases, HUNTER; 20 % off, 5 % back in GOLD, 100 for everyone), the
 * secret stash (twelve of the cheapest case at half price, secret shop, 50 for everyone) and the
 * daily case a `daily_case` trigger offers (the cheapest battle case, 30 % off; never listed).
 */
export function demoOffers(openable: readonly SeedCase[], project: Project): OfferInsert[] {
  const byPrice = [...openable].sort((a, b) => a.price - b.price || (a.slug < b.slug ? -1 : 1));
  if (!byPrice.length) return [];
  const { pick, ...hunterTexts } = HUNTER[project];
  const picked = pick(byPrice);
  const battle = byPrice.find((c) => c.battleAllowed) ?? byPrice[0]!;
  const starter = bundle(byPrice.slice(0, 3), 1, 30);
  const hunter = bundle(picked.length >= 2 ? picked : byPrice.slice(-2), 1, 20);
  // A dozen: more than one sale call takes (10), as an operator's big bundles are.
  const stash = bundle(byPrice.slice(0, 1), 12, 50);
  const daily = bundle([battle], 1, 30);
  return [
    {
      name: 'starter-pack',
      titleRu: 'Стартовый набор',
      titleEn: 'Starter pack',
      descriptionRu: 'Три кейса для начала со скидкой {sale} % и 50 монет в подарок',
      descriptionEn: 'Three cases to start with at {sale} % off and 50 coins on top',
      ...starter,
      bonusCoins: 5000,
      label: 'new',
      labelColor: '#4caf50',
      labelNameRu: 'Новинка',
      labelNameEn: 'New',
      sort: 1,
    },
    {
      ...hunterTexts,
      ...hunter,
      bonusMoney: Math.floor(hunter.oldPrice / 20),
      label: 'bestseller',
      labelColor: '#e4ae39',
      labelNameRu: 'Хит продаж',
      labelNameEn: 'Bestseller',
      totalLimit: 100,
      sort: 2,
    },
    {
      name: 'secret-stash',
      titleRu: 'Тайный запас',
      titleEn: 'Secret stash',
      descriptionRu: 'Двенадцать кейсов со скидкой {sale} % и 100 монет — только в тайном магазине',
      descriptionEn: 'Twelve cases at {sale} % off and 100 coins, in the secret shop only',
      ...stash,
      bonusCoins: 10000,
      label: 'soon_gone',
      labelColor: '#eb4b4b',
      labelNameRu: 'Скоро исчезнет',
      labelNameEn: 'Soon gone',
      isSecret: true,
      totalLimit: 50,
      sort: 3,
    },
    {
      name: 'daily-case',
      titleRu: 'Кейс дня',
      titleEn: 'Case of the day',
      descriptionRu: 'Баланс на исходе? Откройте ещё один кейс со скидкой {sale} %',
      descriptionEn: 'Running low? Open one more case at {sale} % off',
      ...daily,
      triggerType: 'daily_case',
      sort: 4,
    },
  ];
}

/**
 * Inserts the demo offers once at start: an offer already there (changed by an operator, or
 * bought) is left alone, so purchases and sold counts survive restarts.
 */
export async function seedOffers(db: Db, project: Project): Promise<void> {
  const values = demoOffers(await listUnlimitedCases(db), project);
  if (values.length) await db.insert(offers).values(values).onConflictDoNothing({ target: offers.name });
}
