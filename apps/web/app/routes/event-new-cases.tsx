import type { Route } from './+types/event-new-cases';
import { getMainSections } from '#app/features/cases/api/get-sections.ts';
import { CaseCard } from '#app/features/cases/components/case-card.tsx';
import { useEventOutlet } from '#app/features/event/hooks/use-event-outlet.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** The catalogue's section of new cases. */
const NEW_SECTION = 'new';

/** /event/new-cases: the cases of the catalogue's "new" section, under the event's title for them. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const sections = await getMainSections(api.call).catch(() => []);
  return { section: sections.find((s) => s.slug === NEW_SECTION) ?? null };
}

export default function EventNewCases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { settings } = useEventOutlet();
  const { section } = loaderData;
  return (
    <section className="event-section" data-testid="new-cases">
      <h2 className="event-section__title">{settings?.casesSectionTitles.newCases || section?.name || t('event.newCasesTitle')}</h2>
      {section?.cases.length ? (
        <div className="card-grid">
          {section.cases.map((c) => (
            <CaseCard key={c.id} card={c} />
          ))}
        </div>
      ) : (
        <p className="empty">{t('event.noNewCases')}</p>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteError;
