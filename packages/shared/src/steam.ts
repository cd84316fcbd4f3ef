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

/** Every refusal of the two checks, for the calls that answer them (the API document lists them). */
export const STEAM_DATA_ERRORS = [
  'steamUrlEmpty',
  'steamUrlValidation',
  'steamLoginEmpty',
  'steamLoginLength',
  'steamLoginShort',
  'steamLoginValid',
  'steamLoginLatinFirst',
] as const satisfies readonly (TradeUrlError | SteamLoginError)[];
// A refusal added to a check and not to the list above is a type error here.
const steamDataErrorsComplete: Exclude<TradeUrlError | SteamLoginError, (typeof STEAM_DATA_ERRORS)[number]> extends never ? true : never = true;
void steamDataErrorsComplete;
