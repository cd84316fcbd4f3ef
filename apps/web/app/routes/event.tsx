import type { Route } from './+types/event';
import { getEventCases, useEventCases } from '#app/features/event/api/get-event-cases.ts';
import { EventCaseCard } from '#app/features/event/components/event-case-card.tsx';
import { OverviewCards } from '#app/features/event/components/overview-cards.tsx';
import { useEventOutlet } from '#app/features/event/hooks/use-event-outlet.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** /event: the overview (spec §2): the event's cases, then the ways to take part. Reads fail quietly. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { cases: await getEventCases(api.call, 'event').catch(() => null) };
}

export default function EventOverview({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { settings } = useEventOutlet();
  const cases = useEventCases('event', loaderData.cases);
  const list = cases.data ?? [];
  return (
    <>
      {list.length > 0 && (
        <section className="event-section" data-testid="event-cases">
          <h2 className="event-section__title">{settings?.casesSectionTitles.cases || t('event.casesTitle')}</h2>
          <div className="event-grid">
            {list.map((c) => (
              <EventCaseCard key={c.id} card={c} />
            ))}
          </div>
        </section>
      )}
      {settings && <OverviewCards images={settings.imageOverview} />}
    </>
  );
}

export const ErrorBoundary = RouteError;
