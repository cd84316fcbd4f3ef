import type { BuyResult } from '../vendor.ts';

/**
 * A marketplace's refusals of a purchase, by the words of its error (market.csgo.com's `error`,
 * Waxpeer's `msg`: their documented codes and the phrases they answer in Russian or English). A
 * refusal not listed here is not taken for a missing seller: the purchase is confirmed by its
 * status lookup, never bought again blind.
 */
export const REFUSALS: [RegExp, BuyResult | 'duplicate'][] = [
  [/custom_id.*(used|exist)|already (bought|used)/i, 'duplicate'],
  [/not.enough.(money|balance|funds)|недостаточно средств|insufficient/i, { kind: 'balance_short' }],
  [/no.offers|no.items|not.found|нет предложений|не найден/i, { kind: 'unavailable' }],
  [/price.too.high|price.*(changed|moved|higher)|цена/i, { kind: 'price_too_high' }],
  [/trade.?ban|can.?not trade|трейд.?бан/i, { kind: 'refused', reason: 'trade_ban' }],
  [/trade.?link|tradelink|token|partner|ссылк/i, { kind: 'refused', reason: 'link_expired' }],
  [/^bad_input$/i, { kind: 'refused', reason: 'bad_input' }],
];

/** What a market's refusal of a purchase means; undefined for words we do not know. */
export const refusalOf = (error: string): BuyResult | 'duplicate' | undefined => REFUSALS.find(([words]) => words.test(error))?.[1];
