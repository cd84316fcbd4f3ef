import { seoFor, type SeoNames } from '@store/shared/seo';
import { headFrom, type PageHead, type SeoConfig } from './seo-head.ts';

/**
 * The store's own address for absolute links (canonical, alternates, Open Graph): PUBLIC_URL
 * behind a proxy, else the request's.
 */
export function siteOrigin(request: Request): string {
  const configured = typeof process === 'undefined' ? undefined : process.env.PUBLIC_URL;
  return new URL(configured || request.url).origin;
}

/**
 * The head of the page a request asks for, for loaders: worked out here, where the SEO table is,
 * so the browser's first page comes without it (seo-head.ts).
 */
export function requestHead(request: Request, config: SeoConfig, names: SeoNames = {}): PageHead {
  return headFrom(seoFor, new URL(request.url).pathname, config, siteOrigin(request), names);
}
