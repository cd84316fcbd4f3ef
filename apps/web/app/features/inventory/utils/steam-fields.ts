/** The trade-link widget's fields and the refusals that belong under each (spec §5). */
export type SteamField = 'link' | 'login';
export interface SteamFieldError {
  field: SteamField;
  message: string;
}

/** Which field a refusal belongs to: the trade-link codes and the Steam-login checks (not `steamLogin`, a rate limit). */
export function steamFieldOf(code: string): SteamField | null {
  if (code.startsWith('steamUrl')) return 'link';
  if (code.startsWith('steamLogin') && code !== 'steamLogin') return 'login';
  return null;
}
