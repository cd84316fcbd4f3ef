import { useEffect, useState } from 'react';
import type { MetaDescriptor } from 'react-router';
import type { PublicConfig } from '@store/shared/api/platform';
import type { SeoNames, SeoResult, SeoSite, seoFor as SeoFor } from '@store/shared/seo';
import { localePrefix } from './lang.ts';
import { whenIdle } from './when-idle.ts';

/**
 * The share picture of each game and language (apps/web/public/og, drawn by scripts/og-image.ts),
 * 1200×630 as Open Graph cards want: a Dota 2 store's card names its own game.
 */
export const SHARE_IMAGE = {
  cs: { ru: '/og/share-ru.png', en: '/og/share-en.png' },
  dota: { ru: '/og/share-dota-ru.png', en: '/og/share-dota-en.png' },
} as const;
const OG_LOCALE = { ru: 'ru_RU', en: 'en_US' } as const;

/** What the head needs of the project configuration. */
export type SeoConfig = Pick<PublicConfig, 'project' | 'title' | 'game' | 'seo'>;

/** A page's head worked out for one path: the shared table's answer with what the tags add to it. */
export interface PageHead extends SeoResult {
  /** The path it was worked out for; another path needs its own. */
  path: string;
  /** The store's own address for absolute links (seo-head.server.ts `siteOrigin`). */
  origin: string;
  siteName: string;
  project: PublicConfig['project'];
}

type SeoTable = { seoFor: typeof SeoFor };

/**
 * A path's head from the shared SEO table (packages/shared/src/seo.ts). The table comes as an
 * argument: the server imports it (seo-head.server.ts), the browser fetches it after hydration.
 */
export function headFrom(seoFor: typeof SeoFor, path: string, config: SeoConfig, origin: string, names: SeoNames = {}): PageHead {
  const site: SeoSite = { title: config.title, game: config.game, seo: config.seo, localePrefix: localePrefix() };
  return { ...seoFor(path, site, names), path, origin, siteName: config.title, project: config.project };
}

/**
 * Every tag of a page's head: title, description, canonical and language alternates, robots,
 * Open Graph and the Twitter card.
 */
export function headTags(head: PageHead): MetaDescriptor[] {
  const { origin } = head;
  const url = origin + head.canonical;
  const image = origin + SHARE_IMAGE[head.project][head.lang];
  return [
    { title: head.title },
    { name: 'description', content: head.description },
    ...(head.index ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', hrefLang: 'ru', href: origin + head.alternates.ru },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: origin + head.alternates.en },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: origin + head.alternates.ru },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: head.siteName },
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

// The table is about 7 KB gzip the first page does not need: the root loader works out the head of
// the page the browser asked for, and the table comes after hydration for the pages that follow.
let table: SeoTable | null = null;

/** Fetches the SEO table (once; a failed try is tried again on the next call). */
export async function loadSeoTable(): Promise<void> {
  table ??= await import('@store/shared/seo');
}

/**
 * Fetches the SEO table once the page is live (again on the next page, should a try fail) and
 * re-renders the caller, so a head shown before it came is redone. Called by the root layout.
 */
export function useSeoTable(pathname: string): void {
  const [, setLoaded] = useState(table !== null);
  useEffect(() => {
    if (table) return;
    let live = true;
    const cancel = whenIdle(() =>
      loadSeoTable().then(
        () => live && setLoaded(true),
        () => undefined,
      ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [pathname]);
}

/** What the head needs of the root loader's data. */
export interface SeoRootData {
  config: SeoConfig;
  origin: string;
  /** The head of the page the root loader ran for. */
  head: PageHead;
}

/**
 * The head of any page: the root loader's own for the path it ran for (the server render and the
 * hydration both), the table's for a path navigated to since. Until the table comes the last
 * head stays; the root layout redoes it when it does (`useSeoTable`).
 */
export function rootHead(pathname: string, root: SeoRootData): MetaDescriptor[] {
  if (root.head.path === pathname || !table) return headTags(root.head);
  return headTags(headFrom(table.seoFor, pathname, root.config, root.origin));
}

/** The root's data among a route's matches (React Router hands every meta function all of them). */
export function rootSeoData(matches: readonly ({ id: string; data?: unknown } | undefined)[]): SeoRootData | null {
  const data = matches.find((m) => m?.id === 'root')?.data as Partial<SeoRootData> | undefined;
  return data?.config && data.origin && data.head ? (data as SeoRootData) : null;
}

/**
 * The head of a page that knows a name (a case, a player): its loader works it out on the server
 * (seo-head.server.ts `requestHead`), since React Router keeps the deepest route's meta alone.
 * Without it (the loader failed) the page has the root's head.
 */
export function namedPageHead(args: {
  data?: { head?: PageHead } | undefined;
  location: { pathname: string };
  matches: readonly ({ id: string; data?: unknown } | undefined)[];
}): MetaDescriptor[] {
  if (args.data?.head) return headTags(args.data.head);
  const root = rootSeoData(args.matches);
  return root ? rootHead(args.location.pathname, root) : [];
}
