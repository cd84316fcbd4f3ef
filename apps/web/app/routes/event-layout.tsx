import { useEffect, type CSSProperties } from 'react';
import { Outlet, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/event-layout';
import { getCurrentEvent, useCurrentEvent, type EventSettingsData } from '#app/features/event/api/get-current-event.ts';
import { EventHero } from '#app/features/event/components/event-hero.tsx';
import { EventTabs } from '#app/features/event/components/event-tabs.tsx';
import type { EventOutlet } from '#app/features/event/hooks/use-event-outlet.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { eventSettingsFailed } from '#app/features/event/utils/event-view.ts';
import { useAlert } from '#app/components/alerts.tsx';
import { ALERT_CODES } from '#app/lib/alert-codes.ts';
import { coinLookOf } from '#app/lib/coin-look.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import '#app/features/event/event.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * The event layout (spec §2): the event card and the tabs over every event page. A failed read of
 * the settings is a page without the event, never an error page (spec §8); once the browser's own
 * try failed too, the `error_event_settings` alert says so (decision 054).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const settings = await getCurrentEvent(api.call).catch(() => undefined);
  // The moment the timer counts from, on both sides of hydration.
  return { settings: settings ?? null, failed: settings === undefined, renderedAt: Date.now() };
}

// Moving between the tabs keeps the card; the settings query keeps itself fresh (per player).
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/** The event's own colours for every button and bar under it (the stylesheet's neon when there is no event). */
function eventStyle(settings: EventSettingsData | null): CSSProperties | undefined {
  if (!settings) return undefined;
  return {
    '--event-button': settings.eventButtonGradient.color,
    '--event-button-hover': settings.eventButtonGradient.hover,
    '--coin': coinLookOf(settings).color,
  } as CSSProperties;
}

export default function EventLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const current = useCurrentEvent(loaderData.failed ? undefined : loaderData.settings);
  const settings = current.data ?? null;
  const unread = eventSettingsFailed(loaderData.failed, current);
  const alert = useAlert();
  useEffect(() => {
    if (unread) alert.code('error_event_settings');
  }, [unread, alert]);
  const arrivedAt = settings === loaderData.settings || !current.dataUpdatedAt ? loaderData.renderedAt : current.dataUpdatedAt;
  const outlet: EventOutlet = { settings, arrivedAt };
  return (
    <div className="page event-page" style={eventStyle(settings)} data-testid="event-page" data-event={settings ? settings.slug : ''}>
      {settings ? (
        <EventHero settings={settings} arrivedAt={arrivedAt} />
      ) : (
        <section className="event-hero event-hero--none" data-testid="event-none">
          <div className="event-hero__text">
            <h1>{t('event.title')}</h1>
            <p>{unread ? t(ALERT_CODES.error_event_settings.key) : t('event.none')}</p>
          </div>
        </section>
      )}
      <EventTabs activeTabs={settings?.activeTabs ?? []} />
      <Outlet context={outlet} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
