/** The trade-link widget's fields and the refusals that belong under each (spec §5). */
export type SteamField = 'link' | 'login';
export interface SteamFieldError {
  field: SteamField;
  message: string;
}

/** Which field a refusal belongs to: the trade-link codes and the Steam-login checks (not `steamLogin`, a rate limit). */
export function steamFieldOf(code: string): SteamField | null {
  // An expired trade link (a market's check before the purchase) is mended in the same field.
  if (code.startsWith('steamUrl') || code === 'steam_trade_link_expired') return 'link';
  if (code.startsWith('steamLogin') && code !== 'steamLogin') return 'login';
  return null;
}
