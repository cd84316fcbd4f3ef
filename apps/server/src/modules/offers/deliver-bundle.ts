import { COIN_CURRENCY } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import type { BundleItem } from '@store/shared/api/payments';
import type { Tx } from '../../db/client.ts';
import { addPlayTotals } from '../users/accounts.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentInventoryItem } from '../inventory/present-item.ts';
import { creditWallet, debitWallet, getBalance } from '../wallet/wallet.ts';
import { openBundledCases } from './open-bundled-cases.ts';
import type { OfferRow } from './present-offer.ts';
import { recordActivity } from '../activity/record-activity.ts';

export interface Delivered {
  /** GOLD after everything, minor units. */
  balance: number;
  coinBalance: number;
  /** In the bundle's order, each with the case it came from. */
  items: BundleItem[];
}

/**
 * What buying an offer does once its one-off and stock checks passed, in the caller's
 * transaction: the conditional debit of the price with its ledger row (`balance_error` when
 * short), the bundled cases opened, the player's counters, then the GOLD and COIN bonuses with
 * their ledger rows. Every row carries `ref`.
 */
export async function deliverBundle(
  tx: Tx,
  opts: { catalogue: Catalogue; userId: number; offer: OfferRow; ref: string; reason: string; lang: Lang },
): Promise<Delivered> {
  const { catalogue, userId, offer, ref, reason, lang } = opts;
  let balance = await debitWallet({ tx, userId, amount: offer.price, reason, ref, meta: { offer: offer.name } });
  const openings = await openBundledCases(tx, { userId, cases: offer.cases, ref });
  await addPlayTotals(tx, userId, { casesOpened: openings.length, spent: offer.price });
  await recordActivity(tx, { kind: 'offer_purchase', userId, amount: offer.price, won: openings.reduce((s, o) => s + o.row.price, 0), count: openings.length, ref });
  if (offer.bonusMoney > 0) {
    balance = await creditWallet({ tx, userId, amount: offer.bonusMoney, reason: 'offer_bonus_money', ref, meta: { offer: offer.name } });
  }
  const coinBalance =
    offer.bonusCoins > 0
      ? await creditWallet({ tx, userId, amount: offer.bonusCoins, currency: COIN_CURRENCY, reason: 'offer_bonus_coins', ref, meta: { offer: offer.name } })
      : await getBalance(tx, userId, COIN_CURRENCY);
  return { balance, coinBalance, items: openings.map((o) => ({ ...presentInventoryItem(o.row, catalogue, lang), case_slug: o.slug })) };
}
