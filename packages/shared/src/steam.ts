/** Steam trade URL and login checks of spec §5; the keys are the web's text keys. */
const TRADE_URL = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/?\?partner=(\d+)&token=([A-Za-z0-9_-]+)$/;

export type TradeUrlError = 'steamUrlEmpty' | 'steamUrlValidation';
export function checkTradeUrl(url: string | null | undefined): TradeUrlError | null {
  const value = (url ?? '').trim();
  if (!value) return 'steamUrlEmpty';
  return TRADE_URL.test(value) ? null : 'steamUrlValidation';
}

export type SteamLoginError =
  | 'steamLoginEmpty'
  | 'steamLoginLength'
  | 'steamLoginShort'
  | 'steamLoginValid'
  | 'steamLoginLatinFirst';
export function checkSteamLogin(login: string | null | undefined): SteamLoginError | null {
  const value = login ?? '';
  if (!value) return 'steamLoginEmpty';
  if (value.length > 32) return 'steamLoginLength';
  if (value.length < 3) return 'steamLoginShort';
  if (!/^\w+$/.test(value)) return 'steamLoginValid';
  if (!/^[A-Za-z]/.test(value)) return 'steamLoginLatinFirst';
  return null;
}
