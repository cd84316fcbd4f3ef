import type { Lang } from '@store/shared/errors';
import type { CaseCard } from '@store/shared/api/cases';
import { COIN_CURRENCY, SITE_CURRENCY } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import { isCaseOpenable, type CaseRow } from '../catalogue/find-cases.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';

const NO_OFFERS: ReadonlySet<string> = new Set();

interface StoredLabel {
  type: string;
  name: { ru: string; en: string } | null;
  color: string | null;
}

/** `onOffer`: the slugs of the cases bundled in an offer on sale now (`casesOnOffer`). */
export function presentCase(c: CaseRow, lang: Lang, catalogue: Catalogue, onOffer: ReadonlySet<string> = NO_OFFERS): CaseCard {
  const label = c.label as StoredLabel | null;
  return {
    id: c.id,
    slug: c.slug,
    name: lang === 'en' ? c.nameEn : c.nameRu,
    available: isCaseOpenable(c),
    // A level case is free (spec §3): its worth is shown as the old price.
    price_data: c.daily
      ? { currency: SITE_CURRENCY, price: 0, old_price: toUnits(c.price) }
      : { currency: c.currency, price: toUnits(c.price), old_price: c.oldPrice === null ? null : toUnits(c.oldPrice) },
    statistic_data: {
      opens_limit: c.opensLimit,
      opens_remaining: c.opensLimit === null ? null : Math.max(0, c.opensLimit - c.opensCount),
    },
    appearance_data: { image: catalogue.caseImage(c), color: c.color },
    label_data: label
      ? { type: label.type, name: label.name ? label.name[lang] : null, color: label.color, free_opens: c.everyNOpenFree }
      : null,
    multifix_number: c.multifix,
    multicast_data: c.multicastFrom !== null && c.multicastTo !== null ? { range: [c.multicastFrom, c.multicastTo] } : null,
    every_n_opens_free: c.everyNOpenFree,
    is_offer: onOffer.has(c.slug),
    bonuses: c.coinsMin === null || c.coinsMax === null ? null : { currency_code: COIN_CURRENCY, amount_min: c.coinsMin, amount_max: c.coinsMax },
    volatility: c.volatility,
    max_multi_open: c.maxMultiOpen,
    battle_allowed: c.battleAllowed,
    level: c.level,
    locked: c.locked,
    daily: c.daily,
    timer_data: c.availableFrom && c.availableUntil ? { starts_at: c.availableFrom.toISOString(), ends_at: c.availableUntil.toISOString() } : null,
  };
}
