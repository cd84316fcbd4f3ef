import { Link } from 'react-router';
import { EventCoinIcon } from '#app/components/event-coin.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

const WAYS: { key: 'cases' | 'tasks' | 'levels' | 'upgrades' | 'refill'; path: string }[] = [
  { key: 'cases', path: '/event' },
  { key: 'tasks', path: '/event/battle-pass' },
  { key: 'levels', path: '/event/battle-pass' },
  { key: 'upgrades', path: '/upgrades' },
  { key: 'refill', path: '/refill' },
];

/** The spend-coins tab's card of other ways to get coins (spec §2). */
export function OtherWaysCard() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="other-ways" data-testid="other-ways">
      <div className="other-ways__head">
        <EventCoinIcon size={40} />
        <div>
          <h2>{t('event.otherWays.title')}</h2>
          <p className="muted">{t('event.otherWays.subtitle')}</p>
        </div>
      </div>
      <ul className="other-ways__list">
        {WAYS.map((way) => (
          <li key={way.key}>
            <Link to={to(way.path)} className="other-ways__way">
              <b>{t(`event.otherWays.${way.key}.title`)}</b>
              <small className="muted">{t(`event.otherWays.${way.key}.text`)}</small>
              <span className="other-ways__go" aria-hidden="true">
                →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
