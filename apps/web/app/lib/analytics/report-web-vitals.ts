import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { routePatternOf, WEB_VITAL_EVENT } from '@store/shared/web-vitals';
import { analytics } from './analytics-port.ts';

/** A metric as it is sent: milliseconds whole, the layout-shift score to four places. */
export const webVitalValue = (m: Pick<Metric, 'name' | 'value'>): number => (m.name === 'CLS' ? Math.round(m.value * 10_000) / 10_000 : Math.round(m.value));

/**
 * Starts the web-vitals library's five observers for the landing page and sends each metric as one
 * `web_vital` event under the route's pattern (decision 066). A chunk of its own, with the library
 * and the pattern rule, imported with the landing page's view (use-page-views.ts).
 */
export function reportWebVitals(pathname: string, params: Readonly<Record<string, string | undefined>>): void {
  const page = routePatternOf(pathname, params);
  const send = (m: Metric) => analytics.event(WEB_VITAL_EVENT, { metric: m.name, value: webVitalValue(m) }, { path: page });
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(send);
}
