/**
 * Sums between the store's minor units (kopecks of the rouble) and a marketplace's own: a rouble
 * account counts kopecks, a dollar or euro account thousandths (market.csgo.com's and Waxpeer's
 * "1 USD = 1000"). A ceiling is rounded down, so the store never offers more than it allowed; a
 * balance is rounded down, so it is never overstated.
 */
export interface MarketMoney {
  /** The most we pay, in the market's units. */
  ceiling(storeMinor: number): number;
  /** A sum in the market's units, in the store's minor units. */
  toStore(marketUnits: number): number;
}

export function marketMoney(currency: 'RUB' | 'USD' | 'EUR', rubPerUnit?: number): MarketMoney {
  if (currency === 'RUB') return { ceiling: (m) => Math.floor(m), toStore: (u) => Math.floor(u) };
  if (!rubPerUnit) throw new Error(`a ${currency} market needs the rouble rate`);
  // kopecks → roubles → market currency → its thousandths.
  return { ceiling: (m) => Math.floor(((m / 100) * 1000) / rubPerUnit), toStore: (u) => Math.floor(((u / 1000) * rubPerUnit) * 100) };
}
