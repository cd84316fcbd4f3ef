/**
 * The raw value of cookie `name` in a `Cookie` header (or `document.cookie`), or null when it is
 * not there. Each cookie's own module reads and checks its value with it (the session, the
 * language, the viewport, the scam warning).
 */
export function cookieFromHeader(header: string | null | undefined, name: string): string | null {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '');
  return m ? m[1]! : null;
}
