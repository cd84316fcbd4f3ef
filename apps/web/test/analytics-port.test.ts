import { describe, expect, it, vi } from 'vitest';

// The hits' chunk, recording what the port hands it.
const sent: { kind: string; url: string; at: number; name?: string; path?: string }[] = [];
vi.mock('#app/lib/analytics/analytics-hits.ts', () => ({
  sendPageView: (url: string, _page: unknown, at: number) => sent.push({ kind: 'view', url, at }),
  sendEvent: (url: string, event: { name: string; path: string }, at: number) => sent.push({ kind: 'event', url, at, name: event.name, path: event.path }),
}));
// The web tests run in Node, which has no window: this is the page address an event names when it
// is given no path of its own.
vi.stubGlobal('window', { location: { pathname: '/en/faq' } });

const { analytics, configureAnalytics } = await import('#app/lib/analytics/analytics-port.ts');
const view = { pathname: '/en/faq', search: '', referrer: null };

describe('the analytics port, whose hits come as a chunk of their own', () => {
  it('drops hits before the root points it at a service', async () => {
    analytics.pageView(view);
    await vi.dynamicImportSettled();
    expect(sent).toEqual([]);
  });

  it('sends the first hit once its chunk has come, with the moment it was asked at', async () => {
    configureAnalytics('https://collect.example/hit');
    const asked = Date.now();
    analytics.pageView(view);
    await vi.dynamicImportSettled();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'view', url: 'https://collect.example/hit' });
    expect(sent[0]!.at).toBeGreaterThanOrEqual(asked);
  });

  it('once the chunk is here, a hit leaves in the caller\'s own task, as a page the player leaves needs', () => {
    analytics.event('web_vital', { metric: 'CLS' }, { path: '/open/:caseName' });
    expect(sent.at(-1)).toMatchObject({ kind: 'event', name: 'web_vital', path: '/open/:caseName' });
    analytics.event('withdraw_failed');
    expect(sent.at(-1)).toMatchObject({ kind: 'event', name: 'withdraw_failed', path: '/en/faq' });
  });
});
