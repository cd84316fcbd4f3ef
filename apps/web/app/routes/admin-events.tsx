import { useState } from 'react';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-events';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getEvent } from '#app/features/operators/api/event-detail.ts';
import { getEvents, useEvents } from '#app/features/operators/api/event-list.ts';
import { EventCreateForm } from '#app/features/operators/components/event-forms.tsx';
import { EventTable } from '#app/features/operators/components/event-table.tsx';
import { nextSeasonForm } from '#app/features/operators/utils/event-form.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/promo-console.css';
import '#app/features/operators/components/event-console.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * /admin/events: every season with its players, claims, rewards paid and raffle (decision 035).
 * Admins start a new season from a copy of one (`?copy=ID`, else the latest): the same pass and
 * texts, a new slug, and a period from the copied season's end.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const events = await asOperator(() => getEvents(api.call));
  const asked = Number(url.searchParams.get('copy'));
  const source = events.items.find((e) => e.id === asked) ?? events.items[0];
  const copy = source ? (await asOperator(() => getEvent(api.call, source.id))).definition : null;
  return { events, copy, copyAsked: events.items.some((e) => e.id === asked) };
}

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const role = useMe()?.role ?? null;
  const canChange = mayDo(role, 'promotions.write');
  const { data } = useEvents(loaderData.events);
  const [creating, setCreating] = useState(loaderData.copyAsked);
  return (
    <div className="stack console-section" data-testid="console-events">
      <h1>{t('admin.events.title')}</h1>
      <p className="muted">{t('admin.events.intro')}</p>
      {!canChange && <p className="console-note">{t('admin.events.readOnly')}</p>}
      {canChange &&
        (creating ? (
          <section className="console-card">
            <EventCreateForm initial={nextSeasonForm(loaderData.copy, new Date())} onDone={() => setCreating(false)} />
          </section>
        ) : (
          <button type="button" className="btn btn--accent btn--m promo-new" onClick={() => setCreating(true)} data-testid="event-new">
            {t('admin.events.new')}
          </button>
        ))}
      <EventTable events={data.items} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
