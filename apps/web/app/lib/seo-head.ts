import type { MetaDescriptor } from 'react-router';
import type { PublicConfig } from '@store/shared/api/platform';
import { seoFor, type SeoNames } from '@store/shared/seo';

/** The share picture of each language (apps/web/public), 1200×630 as Open Graph cards want. */
export const SHARE_IMAGE = { ru: '/og/share-ru.png', en: '/og/share-en.png' } as const;
const OG_LOCALE = { ru: 'ru_RU', en: 'en_US' } as const;

/**
 * The store's own address for absolute links (canonical, alternates, Open Graph): PUBLIC_URL
 * behind a proxy, else the request's. Only loaders call it, on the server.
 */
export function siteOrigin(request: Request): string {
  const configured = typeof process === 'undefined' ? undefined : process.env.PUBLIC_URL;
  return new URL(configured || request.url).origin;
}

/** What the head needs of the root loader's data. */
export interface SeoRootData {
  config: Pick<PublicConfig, 'title' | 'game' | 'seo'>;
  origin: string;
}

/**
 * Every tag of a page's head from the shared SEO table (packages/shared/src/seo.ts): title,
 * description, canonical and language alternates, robots, Open Graph and the Twitter card. The
 * root uses it for every page; a page that knows a name (a case, a player) calls it with the name.
 */
export function seoHead(pathname: string, root: SeoRootData, names: SeoNames = {}): MetaDescriptor[] {
  const { config, origin } = root;
  const head = seoFor(pathname, { title: config.title, game: config.game, seo: config.seo }, names);
  const url = origin + head.canonical;
  const image = origin + SHARE_IMAGE[head.lang];
  return [
    { title: head.title },
    { name: 'description', content: head.description },
    ...(head.index ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', hrefLang: 'ru', href: origin + head.alternates.ru },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: origin + head.alternates.en },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: origin + head.alternates.ru },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: config.title },
    { property: 'og:locale', content: OG_LOCALE[head.lang] },
    { property: 'og:locale:alternate', content: OG_LOCALE[head.lang === 'ru' ? 'en' : 'ru'] },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: head.title },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: head.title },
    { name: 'twitter:description', content: head.description },
    { name: 'twitter:image', content: image },
  ];
}

/** The root's data among a route's matches (React Router hands every meta function all of them). */
export function rootSeoData(matches: readonly ({ id: string; data?: unknown } | undefined)[]): SeoRootData | null {
  const data = matches.find((m) => m?.id === 'root')?.data as Partial<SeoRootData> | undefined;
  return data?.config && data.origin ? (data as SeoRootData) : null;
}

/**
 * A page's head with a name only it knows: the root's tags with the page's title and
 * description, since React Router keeps the deepest route's meta alone.
 */
export function pageSeoHead(
  args: { location: { pathname: string }; matches: readonly ({ id: string; data?: unknown } | undefined)[] },
  names: SeoNames,
): MetaDescriptor[] {
  const root = rootSeoData(args.matches);
  return root ? seoHead(args.location.pathname, root, names) : [];
}
