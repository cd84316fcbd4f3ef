import { Link } from 'react-router';
import type { ConfigData } from '#app/lib/config.ts';
import { useFlags } from '#app/lib/use-flag.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

type Flags = ConfigData['flags'];

/**
 * The main page's banners for the store's own features (spec §1 banner switches): each shows
 * only while its banner switch and the feature itself are on, so a banner never leads to a page
 * that would send the player back (packs live in the offers shop).
 */
const BANNERS: { key: string; banner: keyof Flags; feature: keyof Flags; path: string; icon: string }[] = [
  { key: 'battles', banner: 'battlesBanner', feature: 'battles', path: '/battles', icon: '⚔' },
  { key: 'freeCases', banner: 'freeCasesBanner', feature: 'freeCases', path: '/daily-cases', icon: '◷' },
  { key: 'packs', banner: 'packsBanner', feature: 'secretShop', path: '/offers-shop', icon: '✦' },
];

export function FeatureBanners() {
  const t = useT();
  const to = useLocalePath();
  const flags = useFlags();
  const shown = flags ? BANNERS.filter((b) => flags[b.banner] && flags[b.feature]) : [];
  if (shown.length === 0) return null;
  return (
    <section className="event-banners" data-testid="feature-banners">
      {shown.map((b) => (
        <Link key={b.key} to={to(b.path)} className={`event-banner feature-banner feature-banner--${b.key}`} data-testid={`feature-banner-${b.key}`}>
          <span className="feature-banner__icon" aria-hidden="true">
            {b.icon}
          </span>
          <span className="event-banner__text">
            <b>{t(`banners.${b.key}.title`)}</b>
            <small className="muted">{t(`banners.${b.key}.text`)}</small>
          </span>
          <span className="event-banner__go" aria-hidden="true">
            →
          </span>
        </Link>
      ))}
    </section>
  );
}
