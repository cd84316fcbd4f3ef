import { useEffect } from 'react';
import type { ConfigData } from '../config.ts';
import { configureAnalytics } from './analytics-port.ts';
import { startExperiments } from './experiments.ts';
import { usePageViews } from './use-page-views.ts';
import { whenIdle } from '../when-idle.ts';

/**
 * The root's analytics and experiments (spec §7): the ports pointed at the configured services,
 * the experiments loaded at start for whoever is there, a page view for each page, and the
 * landing page's web vitals (use-page-views.ts). A store without a service (null) sends nothing
 * there, and every rule keeps its unchanged variant.
 */
export function useAnalytics(services: ConfigData['services'], userId: number | null): void {
  // Declared before the page views, so the first page's view finds the port configured.
  useEffect(() => {
    configureAnalytics(services.analyticsUrl);
    return () => configureAnalytics(null);
  }, [services.analyticsUrl]);
  // Once the page is idle: the flags are not needed to show it (every rule keeps today's value
  // until they come), and the first page's hydration stays one short task.
  useEffect(() => {
    const base = services.experimentsUrl;
    if (!base) return;
    let stop: (() => void) | null = null;
    const cancel = whenIdle(() => (stop = startExperiments(base, userId)));
    return () => {
      cancel();
      stop?.();
    };
  }, [services.experimentsUrl, userId]);
  usePageViews(services.analyticsUrl !== null);
}
