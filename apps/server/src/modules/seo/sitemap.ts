import { pathInLang, type LocalePrefix } from '@store/shared/locale-path';
import type { Lang } from '@store/shared/errors';

const LANGS: readonly Lang[] = ['ru', 'en'];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * The sitemap of the store: every page in each language, each entry naming its twin in the other
 * language and the Russian page as the default (sitemaps.org with Google's `xhtml:link`
 * alternates). `paths` are without a language prefix; `origin` has no trailing slash; the
 * addresses follow the locale prefix strategy.
 */
export function sitemapXml(origin: string, paths: readonly string[], localePrefix: LocalePrefix): string {
  const seoLocalePath = (lang: Lang, bare: string) => pathInLang(lang, bare, localePrefix);
  const entries = paths.flatMap((bare) => {
    const links = [
      ...LANGS.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(origin + seoLocalePath(l, bare))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + seoLocalePath('ru', bare))}"/>`,
    ].join('\n');
    return LANGS.map((lang) => `  <url>\n    <loc>${escapeXml(origin + seoLocalePath(lang, bare))}</loc>\n${links}\n  </url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** What crawlers may read: the pages, not the API, the sandboxes or a player's private screens. */
export const ROBOTS_DISALLOWED = ['/api/', '/sandbox/', '/profile/settings', '/refill/result', '/refill/unauth', '/provably-fair/settings'];

export function robotsTxt(origin: string): string {
  // A private page answers bare and under each language's prefix, whatever the strategy (one of them redirects).
  const forms = (p: string) => (p.startsWith('/api/') || p.startsWith('/sandbox/') ? [p] : [p, ...LANGS.map((l) => `/${l}${p}`)]);
  const rules = ROBOTS_DISALLOWED.flatMap(forms).map((x) => `Disallow: ${x}`);
  return ['User-agent: *', 'Allow: /', ...rules, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
