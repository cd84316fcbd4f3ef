import { Link } from 'react-router';
import { formatAmount } from '@store/shared/money';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { EventData } from '../api/event-list.ts';
import { consoleTime } from '../utils/event-form.ts';
import { useT } from '#app/lib/use-t.ts';

const STATE_BADGE = { upcoming: 'badge badge--unconfirmed', running: 'badge badge--confirmed', ended: 'badge', closed: 'badge' } as const;

/** A season's state, and whether players see it now. */
export function EventStateBadges({ event }: { event: Pick<EventData, 'state' | 'shown'> }) {
  const t = useT();
  return (
    <>
      <span className={STATE_BADGE[event.state]} data-testid="event-state">
        {t(`admin.events.states.${event.state}`)}
      </span>
      {event.shown && (
        <span className="badge badge--shown" title={t('admin.events.shownHint')} data-testid="event-shown">
          {t('admin.events.shown')}
        </span>
      )}
    </>
  );
}

/** Every season, latest first: its period and state, who played, the claims, the rewards paid and the raffle. */
export function EventTable({ events }: { events: EventData[] }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  return (
    <section className="console-card" data-testid="event-list" aria-label={t('admin.events.title')}>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.events.list.season')}</th>
              <th>{t('admin.events.list.period')}</th>
              <th className="num">{t('admin.events.list.players')}</th>
              <th className="num">{t('admin.events.list.claims')}</th>
              <th className="num">{t('admin.events.list.paid')}</th>
              <th className="num">{t('admin.events.list.raffle')}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id} data-testid="event-row" data-slug={e.slug} data-state={e.state}>
                <td className="console-table__wrap">
                  <div className="promo-table__code">
                    <Link to={to(`/admin/events/${e.id}`)} className="console-link" data-testid="event-open">
                      {lang === 'en' ? e.title.en : e.title.ru}
                    </Link>
                    <code>{e.slug}</code>
                    <div className="event-table__badges">
                      <EventStateBadges event={e} />
                    </div>
                  </div>
                </td>
                <td className="promo-table__period">
                  <small>
                    {consoleTime(e.startsAt, lang)}
                    <br />→ {consoleTime(e.endsAt, lang)}
                  </small>
                </td>
                <td className="num" data-testid="event-players">
                  {e.usage.players}
                </td>
                <td className="num" data-testid="event-claims">
                  {e.usage.claims}
                  <br />
                  <small className="muted">{t('admin.events.list.tasksDone', { count: e.usage.tasksDone })}</small>
                </td>
                <td className="num">{formatAmount(e.usage.rewardsPaid, { locale: lang })}</td>
                <td className="num">
                  {t('admin.events.list.tickets', { count: e.usage.raffle.tickets })}
                  <br />
                  <small className="muted">{t('admin.events.list.prizes', { granted: e.usage.raffle.granted, prizes: e.usage.raffle.prizes })}</small>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
