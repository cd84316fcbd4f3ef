import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WebVitalsData } from '#app/features/operators/api/web-vitals.ts';
import { DashboardWebVitals } from '#app/features/operators/components/dashboard-web-vitals.tsx';
import { formatWebVital, webVitalRating, webVitalsPeriodOf, webVitalsSearchOf } from '#app/features/operators/utils/web-vitals-view.ts';
import { webVitalValue } from '#app/lib/analytics/report-web-vitals.ts';
import '#app/lib/i18n-all.ts';
import { i18nFor } from '#app/lib/i18n.ts';

describe("the dashboard's page figures period", () => {
  it('reads 24h, 7d or 30d from the address, a week otherwise', () => {
    expect(webVitalsPeriodOf(new URLSearchParams('vitals=24h'))).toBe('24h');
    expect(webVitalsPeriodOf(new URLSearchParams('vitals=30d'))).toBe('30d');
    for (const q of ['', 'vitals=1y', 'vitals=', 'days=7']) expect(webVitalsPeriodOf(new URLSearchParams(q)), q).toBe('7d');
  });

  it("keeps the money figures' period when it changes its own", () => {
    expect(webVitalsSearchOf(new URLSearchParams('days=90'), '24h')).toBe('?days=90&vitals=24h');
    expect(webVitalsSearchOf(new URLSearchParams('days=90&vitals=24h'), '7d')).toBe('?days=90');
    expect(webVitalsSearchOf(new URLSearchParams(''), '7d')).toBe('?');
  });
});

describe('a page figure', () => {
  it('is rated by the published bounds: good up to the first, poor past the second', () => {
    expect(webVitalRating('LCP', 2500)).toBe('good');
    expect(webVitalRating('LCP', 2501)).toBe('needs-improvement');
    expect(webVitalRating('LCP', 4001)).toBe('poor');
    expect(webVitalRating('INP', 180)).toBe('good');
    expect(webVitalRating('INP', 600)).toBe('poor');
    expect(webVitalRating('CLS', 0.1)).toBe('good');
    expect(webVitalRating('CLS', 0.2)).toBe('needs-improvement');
    expect(webVitalRating('TTFB', 1900)).toBe('poor');
    expect(webVitalRating('FCP', 2000)).toBe('needs-improvement');
  });

  it("is written in the operator's language", () => {
    expect(formatWebVital('LCP', 2550, 'en')).toBe('2.55 s');
    expect(formatWebVital('LCP', 2550, 'ru')).toBe('2,55 с');
    expect(formatWebVital('INP', 184.4, 'en')).toBe('184 ms');
    expect(formatWebVital('TTFB', 999.4, 'ru')).toBe('999 мс');
    expect(formatWebVital('CLS', 0.175, 'en')).toBe('0.18');
    expect(formatWebVital('CLS', 0.04, 'ru')).toBe('0,04');
  });

  it('is sent in whole milliseconds, the layout-shift score to four places', () => {
    expect(webVitalValue({ name: 'LCP', value: 1234.56 })).toBe(1235);
    expect(webVitalValue({ name: 'CLS', value: 0.123456 })).toBe(0.1235);
  });
});

const render = (vitals: WebVitalsData, lang: 'ru' | 'en' = 'en') => {
  const router = createMemoryRouter([{ path: '/admin/dashboard', element: createElement(DashboardWebVitals, { vitals, lang }) }], {
    initialEntries: ['/admin/dashboard?days=90'],
  });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: i18nFor(lang) }, createElement(RouterProvider, { router })));
};
const base = { period: '24h', from: '2026-12-04T12:00:00.000Z', to: '2026-12-05T12:00:00.000Z', providerUrl: null, keptSince: '2026-12-04T08:00:00.000Z' } as const;

describe("the dashboard's page figures table", () => {
  it("shows each page's figures with their ratings and counts, a dash where a metric has none", () => {
    const html = render({
      ...base,
      source: 'sandbox',
      pages: [
        { page: '/', metrics: [{ metric: 'CLS', p75: 0.3, count: 3 }] },
        { page: '/open/:caseName', metrics: [{ metric: 'LCP', p75: 2550, count: 4 }, { metric: 'INP', p75: 120, count: 1 }] },
      ],
    });
    const row = (page: string) => new RegExp(`data-testid="dashboard-vitals-row-${page.replace(/[/:]/g, (c) => `\\${c}`)}"[\\s\\S]*?</tr>`).exec(html)![0];
    const caseRow = row('/open/:caseName');
    expect(caseRow).toContain('<code>/open/:caseName</code>');
    expect(caseRow).toMatch(/data-rating="needs-improvement"><span class="dashboard-vital dashboard-vital--needs-improvement">2.55 s<\/span><span class="dashboard-vital__count">4 readings<\/span>/);
    expect(caseRow).toMatch(/data-rating="good"><span[^>]*>120 ms<\/span><span[^>]*>1 reading<\/span>/);
    // CLS, FCP and TTFB of the case page have no readings.
    expect(caseRow.match(/>—</g)).toHaveLength(3);
    expect(row('/')).toMatch(/data-rating="poor"><span[^>]*>0.30<\/span>/);
    // The period links keep the money figures' period.
    expect(html).toContain('href="/admin/dashboard?days=90&amp;vitals=30d"');
    expect(html).toMatch(/aria-current="true"[^>]*data-testid="dashboard-vitals-24h"/);
    expect(html).toContain('04/12/2026, 08:00:00');
    expect(html).not.toContain('dashboard-vitals-elsewhere');
  });

  it('says when there are no readings, and points to the provider when the beacons go there', () => {
    expect(render({ ...base, source: 'sandbox', pages: [] })).toContain('No readings in this period.');
    const elsewhere = render({ ...base, source: 'provider', providerUrl: 'https://track.example/collect', keptSince: null, pages: [] }, 'ru');
    expect(elsewhere).toContain('https://track.example/collect');
    expect(elsewhere).toContain('скорость страниц смотрите там');
    expect(elsewhere).not.toContain('dashboard-vitals-table');
    expect(render({ ...base, source: 'off', keptSince: null, pages: [] })).toContain('Analytics is off on this store');
  });
});
