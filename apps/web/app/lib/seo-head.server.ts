import { seoFor, type SeoNames } from '@store/shared/seo';
import { headFrom, type PageHead, type SeoConfig } from './seo-head.ts';

/**
 * The store's own address for absolute links (canonical, alternates, Open Graph): PUBLIC_URL
 * behind a proxy, else the page's (a loader's `url`).
 */
export function siteOrigin(url: URL): string {
  const configured = typeof process === 'undefined' ? undefined : process.env.PUBLIC_URL;
  return configured ? new URL(configured).origin : url.origin;
}

/**
 * The head of the page at a loader's `url` (the page's address, also on a data request): worked out
 * here, where the SEO table is, so the browser's first page comes without it (seo-head.ts).
 */
export function requestHead(url: URL, config: SeoConfig, names: SeoNames = {}): PageHead {
  return headFrom(seoFor, url.pathname, config, siteOrigin(url), names);
}
