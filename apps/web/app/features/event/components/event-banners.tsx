import { Link } from 'react-router';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { EventBannerData } from '../api/get-event-banners.ts';
import { Picture } from '#app/components/picture.tsx';

/** The event's banners on the main page (spec §7 main page calls): art, title, subtitle, each a way into the event. */
export function EventBanners({ banners }: { banners: EventBannerData[] }) {
  const to = useLocalePath();
  return (
    <section className="event-banners" data-testid="event-banners">
      {banners.map((b) => {
        const inner = (
          <>
            <Picture src={b.image} alt="" width={96} height={64} />
            <span className="event-banner__text">
              <b>{b.title}</b>
              <small className="muted">{b.subtitle}</small>
            </span>
            <span className="event-banner__go" aria-hidden="true">
              →
            </span>
          </>
        );
        // Our own pages stay in the page's language; another site only over https.
        if (b.link.startsWith('/') && !b.link.startsWith('//')) {
          return (
            <Link key={b.id} to={to(b.link)} className="event-banner" data-testid="event-banner">
              {inner}
            </Link>
          );
        }
        return b.link.startsWith('https://') ? (
          <a key={b.id} href={b.link} className="event-banner" target="_blank" rel="noreferrer noopener" data-testid="event-banner">
            {inner}
          </a>
        ) : null;
      })}
    </section>
  );
}
