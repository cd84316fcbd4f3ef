/** The token cookie of spec §9. Readable by the page because the API takes it as a Bearer header. */
export const TOKEN_COOKIE = 'tastyToken';
const YEAR_S = 365 * 24 * 3600;

export function tokenFromCookieHeader(header: string | null | undefined): string | null {
  const m = new RegExp(`(?:^|;\\s*)${TOKEN_COOKIE}=([^;]+)`).exec(header ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

export const clientToken = (): string | null =>
  typeof document === 'undefined' ? null : tokenFromCookieHeader(document.cookie);

export function saveToken(token: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

export function forgetToken() {
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
