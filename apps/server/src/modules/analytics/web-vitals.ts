import { percentileCont, WEB_VITAL_METRICS, WEB_VITALS_PERIODS, type WebVitalMetric, type WebVitalsPeriod } from '@store/shared/web-vitals';
import type { WebVitalsResponse } from '@store/shared/api/analytics';
import { SandboxRecorder } from './sandbox/recorder.ts';

/** One reading of a real player's page: when it came, the page's route pattern, the metric and its value. */
export interface WebVitalReading {
  at: number;
  page: string;
  metric: WebVitalMetric;
  value: number;
}

/**
 * Readings the sandbox keeps (per process, in memory, like every sandbox record; decision 051):
 * apart from the hits, so a busy hour of page views does not push the figures out, and enough for
 * a few thousand page loads of five metrics each.
 */
export const WEB_VITALS_KEPT = 50_000;

export const webVitalReadings = () => new SandboxRecorder<WebVitalReading>(WEB_VITALS_KEPT);
export type WebVitalReadings = ReturnType<typeof webVitalReadings>;

/**
 * Each page's 75th percentile of each metric over the readings that came in [from, to], pages in
 * the order of their names and metrics in the library's order; a metric with no reading is left out.
 */
export function webVitalFigures(readings: readonly WebVitalReading[], from: number, to: number): WebVitalsResponse['pages'] {
  const byPage = new Map<string, Map<WebVitalMetric, number[]>>();
  for (const r of readings) {
    if (r.at < from || r.at > to) continue;
    const metrics = byPage.get(r.page) ?? new Map<WebVitalMetric, number[]>();
    byPage.set(r.page, metrics);
    const values = metrics.get(r.metric) ?? [];
    metrics.set(r.metric, values);
    values.push(r.value);
  }
  return [...byPage.keys()].sort().map((page) => {
    const metrics = byPage.get(page)!;
    return {
      page,
      metrics: WEB_VITAL_METRICS.filter((m) => metrics.has(m)).map((metric) => {
        const values = metrics.get(metric)!;
        return { metric, p75: percentileCont(values, 0.75)!, count: values.length };
      }),
    };
  });
}

/** Where the figures are: the sandbox's readings, a provider's own service, or nowhere. */
export type WebVitalsSource = { kind: 'sandbox'; readings: WebVitalReadings } | { kind: 'provider'; url: string } | { kind: 'off' };

/** The operator's answer for a period ending `now`. */
export function webVitalsReport(source: WebVitalsSource, period: WebVitalsPeriod, now: Date): WebVitalsResponse {
  const to = now.getTime();
  const from = to - WEB_VITALS_PERIODS[period];
  const base = { period, from: new Date(from).toISOString(), to: now.toISOString() };
  if (source.kind !== 'sandbox')
    return { ...base, source: source.kind, provider_url: source.kind === 'provider' ? source.url : null, kept_since: null, pages: [] };
  const oldest = source.readings.oldest();
  return {
    ...base,
    source: 'sandbox',
    provider_url: null,
    kept_since: oldest ? new Date(oldest.at).toISOString() : null,
    pages: webVitalFigures(source.readings.list(() => true, WEB_VITALS_KEPT), from, to),
  };
}
