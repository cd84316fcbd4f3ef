import { SEO_URL_MAX } from '@store/shared/api/seo';

/**
 * The path of a page the SEO lookup was asked about, or null when the address is no page of this
 * store: a path (`/en/battles?x=1`) or an absolute http(s) URL on one of `hosts`. Protocol-relative
 * (`//evil.example/x`), backslashed and control-character addresses are refused, as browsers read
 * them differently from servers.
 */
export function seoPathOf(address: string, hosts: readonly string[]): string | null {
  if (address.length > SEO_URL_MAX || /[\u0000-\u001f\u007f\\\s]/.test(address)) return null;
  let url: URL;
  if (address.startsWith('/')) {
    if (address.startsWith('//')) return null;
    url = new URL(address, 'http://store.local');
  } else {
    try {
      url = new URL(address);
    } catch {
      return null;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !hosts.includes(url.host.toLowerCase())) return null;
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  return /^\/[\p{L}\p{N}\-._~/:@!$&'()*+,;=%]*$/u.test(path) ? path : null;
}
