import { WEB_VITALS_PERIODS, type WebVitalMetric, type WebVitalsPeriod } from '@store/shared/web-vitals';

/** The page figures' periods, as the dashboard's address holds them (`?vitals=24h`); a week by default. */
export const WEB_VITALS_PERIOD_LIST = Object.keys(WEB_VITALS_PERIODS) as WebVitalsPeriod[];
export const WEB_VITALS_DEFAULT_PERIOD: WebVitalsPeriod = '7d';
const PARAM = 'vitals';

export function webVitalsPeriodOf(params: URLSearchParams): WebVitalsPeriod {
  const asked = params.get(PARAM);
  return (WEB_VITALS_PERIOD_LIST as string[]).includes(asked ?? '') ? (asked as WebVitalsPeriod) : WEB_VITALS_DEFAULT_PERIOD;
}

/** The dashboard's address with another page-figures period; the money figures' period stays. */
export function webVitalsSearchOf(current: URLSearchParams, period: WebVitalsPeriod): string {
  const next = new URLSearchParams(current);
  if (period === WEB_VITALS_DEFAULT_PERIOD) next.delete(PARAM);
  else next.set(PARAM, period);
  const search = next.toString();
  return search ? `?${search}` : '?';
}

/**
 * The published bounds of a good and a poor figure at the 75th percentile (web.dev's Core Web
 * Vitals): under the first is good, from the second on poor, between them needs improvement.
 */
const BOUNDS: Record<WebVitalMetric, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function webVitalRating(metric: WebVitalMetric, p75: number): 'good' | 'needs-improvement' | 'poor' {
  const [good, poor] = BOUNDS[metric];
  if (p75 <= good) return 'good';
  return p75 > poor ? 'poor' : 'needs-improvement';
}

/**
 * A figure in the operator's language: the layout-shift score with two decimals, a time in whole
 * milliseconds under a second and in seconds with two decimals from one ("2,55 с" in Russian).
 */
export function formatWebVital(metric: WebVitalMetric, value: number, lang: 'ru' | 'en'): string {
  // Rounded before it is written: toFixed alone reads 0.175 as the float just under it.
  const twoPlaces = (v: number) => {
    const text = (Math.round(v * 100) / 100).toFixed(2);
    return lang === 'ru' ? text.replace('.', ',') : text;
  };
  if (metric === 'CLS') return twoPlaces(value);
  if (value < 1000) return `${Math.round(value)} ${lang === 'ru' ? 'мс' : 'ms'}`;
  return `${twoPlaces(value / 1000)} ${lang === 'ru' ? 'с' : 's'}`;
}
