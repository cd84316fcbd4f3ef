import { Link } from 'react-router';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { EventSettingsData } from '../api/get-current-event.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

type Overview = EventSettingsData['imageOverview'];

/** The overview's ways to take part (spec §2): each with its art, subtitle and button. */
const CARDS: { key: 'cases' | 'battles' | 'upgrades' | 'missions' | 'offers'; image: keyof Overview; path: string }[] = [
  { key: 'cases', image: 'cases', path: '/' },
  { key: 'battles', image: 'battle', path: '/battles' },
  { key: 'upgrades', image: 'up', path: '/upgrades' },
  { key: 'missions', image: 'bonus', path: '/event/battle-pass' },
  { key: 'offers', image: 'offer', path: '/offers-shop' },
];

export function OverviewCards({ images }: { images: Overview }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="overview-cards" data-testid="overview-cards">
      {CARDS.map((card) => (
        <article key={card.key} className={`overview-card overview-card--${card.key}`} data-testid={`overview-${card.key}`}>
          <Picture className="overview-card__img" src={images[card.image]} alt="" width={120} height={120} />
          <div className="overview-card__text">
            <h2>{t(`event.overview.${card.key}.title`)}</h2>
            <p className="muted">{t(`event.overview.${card.key}.subtitle`)}</p>
          </div>
          <Link to={to(card.path)} className="btn btn--event btn--m overview-card__button">
            {t(`event.overview.${card.key}.button`)}
          </Link>
        </article>
      ))}
    </section>
  );
}
