/**
 * Real players' page figures (decision 066), without IO: the web's lazily loaded reporter, the
 * server's sandbox and the console read them. A module apart from analytics.ts, which the main
 * page's first scripts carry: none of this is needed before the page is idle.
 */

import { stripLocale } from './locale-path.ts';

/**
 * The web-vitals library's five metrics, each sent as one `web_vital` event whose path is the
 * route's pattern (`/open/:caseName`), never the address. LCP, INP, FCP and TTFB are
 * milliseconds; CLS is the layout-shift score.
 */
export const WEB_VITAL_EVENT = 'web_vital';
export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

/** The periods the operator reads the figures over, and their length. */
export const WEB_VITALS_PERIODS = { '24h': 24 * 3_600_000, '7d': 7 * 24 * 3_600_000, '30d': 30 * 24 * 3_600_000 } as const;
export type WebVitalsPeriod = keyof typeof WEB_VITALS_PERIODS;

/**
 * The `fraction` percentile of the values, interpolated between the two nearest as SQL's
 * `percentile_cont` does (the 75th of 1, 2, 3, 4 is 3.25); null for none.
 */
export function percentileCont(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = fraction * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/**
 * Whether a beacon's page reads as a route pattern as `routePatternOf` writes it: lower-case words,
 * `:params` and `*`, at most 100 characters. Anyone can send a beacon; an address with a query, an
 * encoded name or a long made-up path is no page of the store and is not kept for the console.
 */
export const isRoutePattern = (page: string): boolean => page.length <= 100 && /^\/(?:(?:[a-z0-9-]+|:[A-Za-z]+|\*)(?:\/(?:[a-z0-9-]+|:[A-Za-z]+|\*))*)?$/.test(page);

/**
 * A page's route pattern from its address and the router's params, without the language prefix:
 * `/en/open/dragon` with `{ caseName: 'dragon' }` is `/open/:caseName`. The not-found page (a splat)
 * is `/*`, whatever was asked for.
 */
export function routePatternOf(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  if (params['*'] !== undefined) return '/*';
  const segments = stripLocale(pathname).split('/').filter(Boolean);
  const decoded = segments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  // The router lists params in the pattern's order, and each stands after the fixed words before
  // it: matched from the end, a value that is also a fixed word (`/open/open`) names the right one.
  let cursor = segments.length;
  for (const [name, value] of Object.entries(params).reverse()) {
    if (!value) continue;
    for (let i = cursor - 1; i >= 0; i--)
      if (decoded[i] === value) {
        segments[i] = `:${name}`;
        cursor = i;
        break;
      }
  }
  return `/${segments.join('/')}`;
}
