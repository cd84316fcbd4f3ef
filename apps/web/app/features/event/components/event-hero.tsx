import { useState, type CSSProperties } from 'react';
import { Picture, useImageSrc } from '#app/components/picture.tsx';
import type { EventSettingsData } from '../api/get-current-event.ts';
import { EventInfoDialog } from './event-info-dialog.tsx';
import { EventTimer } from './event-timer.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The event card at the top of every event page: the season's art for the screen's width, its
 * logo, title and subtitle, a "new" badge in its first week, and the time left to its end (or
 * to its start, before it begins).
 */
export function EventHero({ settings, arrivedAt }: { settings: EventSettingsData; arrivedAt: number }) {
  const t = useT();
  const bg = settings.imageBackground;
  const logo = settings.imageLogo;
  const at = useImageSrc();
  const started = settings.currentEvent || settings.timeToEventStart <= 0;
  const [info, setInfo] = useState(false);
  // The dialog sits beside the card, not in it: the card is a stacking context of its own.
  return (
    <>
      <section
        className="event-hero"
        style={{ '--event-card': settings.challengeCardGradient } as CSSProperties}
        data-testid="event-hero"
        data-slug={settings.slug}
      >
        <picture className="event-hero__bg" aria-hidden="true">
          <source media="(min-width: 1920px)" srcSet={at(bg.xxl)} />
          <source media="(min-width: 1280px)" srcSet={at(bg.xl)} />
          <source media="(min-width: 768px)" srcSet={at(bg.m)} />
          {/* The event pages' largest picture, at the top: fetched first. */}
          <Picture src={bg.s} width={360} height={220} priority />
        </picture>
        <picture className="event-hero__logo">
          <source media="(min-width: 1280px)" srcSet={at(logo.xl)} />
          <source media="(min-width: 768px)" srcSet={at(logo.m)} />
          <Picture src={logo.s} width={96} height={96} loading="eager" />
        </picture>
        <div className="event-hero__text">
          {settings.isNew && (
            <span className="event-hero__new" data-testid="event-new">
              {t('event.new')}
            </span>
          )}
          <h1 data-testid="event-title">{settings.eventTitle}</h1>
          <p>{settings.eventSubtitle}</p>
          <button type="button" className="event-hero__how" onClick={() => setInfo(true)} data-testid="event-how">
            {t('event.info.open')}
          </button>
        </div>
        <div className="event-hero__timer">
          <small>{started ? t('event.endsIn') : t('event.startsIn')}</small>
          <EventTimer endsIn={started ? settings.timeToEventOver : settings.timeToEventStart} arrivedAt={arrivedAt} />
        </div>
      </section>
      {info && <EventInfoDialog images={settings.popupImages} onClose={() => setInfo(false)} />}
    </>
  );
}
