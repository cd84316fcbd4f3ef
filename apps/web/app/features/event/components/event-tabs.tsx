import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { EventTab } from '@store/shared/battle-pass';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { eventTabFromPath, eventTabLinks } from '../utils/event-view.ts';
import { useT } from '#app/lib/use-t.ts';

/** The event's tabs; the one on screen is chosen from the path (spec §2). */
export function EventTabs({ activeTabs }: { activeTabs: readonly EventTab[] }) {
  const t = useT();
  const to = useLocalePath();
  const current = eventTabFromPath(useLocation().pathname);
  const bar = useRef<HTMLElement>(null);
  // On a phone the bar scrolls sideways: the tab on screen is brought into it (the page stays put),
  // also when the screen turns narrower.
  useEffect(() => {
    const show = () => {
      const el = bar.current;
      const on = el?.querySelector<HTMLElement>('a.on');
      if (!el || !on) return;
      if (on.offsetLeft < el.scrollLeft || on.offsetLeft + on.offsetWidth > el.scrollLeft + el.clientWidth)
        el.scrollLeft = on.offsetLeft - 8;
    };
    show();
    window.addEventListener('resize', show);
    return () => window.removeEventListener('resize', show);
  }, [current]);
  return (
    <nav className="event-tabs" ref={bar} aria-label={t('event.tabs')} data-testid="event-tabs" data-current={current}>
      {eventTabLinks(activeTabs).map((tab) => {
        // The free cases are no event page: the tab says before the tap that it leads to the daily cases.
        const leaves = tab.key === 'free-cases';
        return (
          <Link
            key={tab.key}
            to={to(tab.path)}
            className={tab.key === current ? 'on' : undefined}
            aria-current={tab.key === current ? 'page' : undefined}
            data-testid={`event-tab-${tab.key}`}
            title={leaves ? t('event.tabLeaves') : undefined}
            preventScrollReset
          >
            {t(`event.tab.${tab.key}`)}
            {leaves && (
              <>
                <span className="event-tabs__out" aria-hidden="true">
                  {' ↗'}
                </span>
                <span className="visually-hidden">{` (${t('event.tabLeaves')})`}</span>
              </>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
