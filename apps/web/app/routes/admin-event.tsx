import { data, Link } from 'react-router';
import { formatAmount } from '@store/shared/money';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-event';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getEvent, useEvent } from '#app/features/operators/api/event-detail.ts';
import { EventEditForm, EventEndButton } from '#app/features/operators/components/event-forms.tsx';
import { PassLevelsTable, PassTasksAndRaffle } from '#app/features/operators/components/event-pass-tables.tsx';
import { EventStateBadges } from '#app/features/operators/components/event-table.tsx';
import { consoleTime } from '#app/features/operators/utils/event-form.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/promo-console.css';
import '#app/features/operators/components/event-console.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * /admin/events/:eventId: a season's figures, its pass with how far players got, its tasks and
 * raffle; admins change its texts and dates, end it early, or start the next season from it
 * (decision 035). An unknown season is not found.
 */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.eventId)) throw data(null, { status: 404 });
  const api = serverApi(context, request, langFromPath(url.pathname));
  try {
    return { event: await asOperator(() => getEvent(api.call, Number(params.eventId))) };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw data(null, { status: 404 });
    throw e;
  }
}

export default function AdminEvent({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const canChange = mayDo(useMe()?.role ?? null, 'promotions.write');
  const { data: event } = useEvent(loaderData.event);
  const tiles = [
    ['players', String(event.usage.players)],
    ['coinsEarned', String(event.usage.coinsEarned)],
    ['claims', String(event.usage.claims)],
    ['rewardsPaid', formatAmount(event.usage.rewardsPaid, { locale: lang })],
    ['tickets', String(event.usage.raffle.tickets)],
  ] as const;
  return (
    <div className="stack console-section" data-testid="console-event">
      <Link to={to('/admin/events')} className="console-link console-back">
        {t('admin.events.back')}
      </Link>
      <section className="console-card">
        <div className="console-card__head">
          <h1 data-testid="event-title">{lang === 'en' ? event.title.en : event.title.ru}</h1>
          <EventStateBadges event={event} />
        </div>
        <p className="muted">
          <code>{event.slug}</code> · {consoleTime(event.startsAt, lang)} → {consoleTime(event.endsAt, lang)} · {t('admin.events.claimUntil', { at: consoleTime(event.claimUntil, lang) })}
        </p>
        <div className="event-tiles">
          {tiles.map(([k, v]) => (
            <div className="console-wallet" key={k} data-testid={`event-tile-${k}`}>
              <span className="muted">{t(`admin.events.tiles.${k}`)}</span>
              <b>{v}</b>
            </div>
          ))}
        </div>
        {canChange && (
          <div className="console-actions console-actions--tight">
            <Link to={to(`/admin/events?copy=${event.id}`)} className="btn btn--secondary btn--s" data-testid="event-copy">
              {t('admin.events.copy')}
            </Link>
            <EventEndButton event={event} />
          </div>
        )}
        {!canChange && <p className="console-note">{t('admin.events.readOnly')}</p>}
      </section>
      <section className="console-card" aria-label={t('admin.events.pass.levels')}>
        <h2>{t('admin.events.pass.levels')}</h2>
        <PassLevelsTable levels={event.levels} counted />
      </section>
      <PassTasksAndRaffle event={event} />
      {canChange && event.state !== 'closed' && <EventEditForm key={`${event.startsAt}:${event.endsAt}:${event.claimUntil}`} event={event} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
