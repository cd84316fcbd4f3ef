import { isSigninProvider, safeReturnPath, type SigninProvider } from '@store/shared/account';

// The names of the auth contract's SIGNIN_RESULT_PARAM and SIGNIN_ERROR_PARAM (a unit test holds them
// equal), written here so the page does not load the contract's schemas for two words.
export const SIGNIN_RESULT_PARAM = 'signin';
export const SIGNIN_ERROR_PARAM = 'signin_error';
/** The parameters the provider callback adds to the page it returns to. */
const RETURN_PARAMS = [SIGNIN_RESULT_PARAM, SIGNIN_ERROR_PARAM, 'provider'] as const;

export type SigninOutcome =
  | { kind: 'signed-in'; isNew: boolean; provider: SigninProvider | null }
  | { kind: 'linked'; provider: SigninProvider | null }
  /** `code` as the address has it: the page checks it against the error catalogue when it shows it. */
  | { kind: 'error'; code: string; provider: SigninProvider | null };

/** What the return from a provider says, or null when the address carries no sign-in result. */
export function readSigninOutcome(search: string): SigninOutcome | null {
  const q = new URLSearchParams(search);
  const raw = q.get('provider');
  const provider = isSigninProvider(raw) ? raw : null;
  const error = q.get(SIGNIN_ERROR_PARAM);
  // An error wins over a result that came with it.
  if (error !== null) return { kind: 'error', code: error, provider };
  const result = q.get(SIGNIN_RESULT_PARAM);
  if (result === 'ok' || result === 'new') return { kind: 'signed-in', isNew: result === 'new', provider };
  if (result === 'linked') return { kind: 'linked', provider };
  return null;
}

/** The query without the sign-in result, `?`-prefixed or empty; the page's own parameters stay in order. */
export function withoutSigninParams(search: string): string {
  const q = new URLSearchParams(search);
  for (const p of RETURN_PARAMS) q.delete(p);
  const rest = q.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Where the player comes back after the provider: this page, without a previous result's
 * parameters, by the same rule the server applies (an address like `//host/x` goes home).
 */
export const returnPathOf = (pathname: string, search: string): string => safeReturnPath(`${pathname}${withoutSigninParams(search)}`);
