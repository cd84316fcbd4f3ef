import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Coins, Price } from '#app/components/event-coin.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { EventCaseData } from '../api/get-event-cases.ts';
import { caseLock, eventCasePath } from '../utils/event-view.ts';
import { CaseCounterBar } from '#app/components/case-counter.tsx';
import { LockIcon } from '#app/components/lock-icon.tsx';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * An event case card (spec §3 Event card): the case in the event's colours with its price (in
 * coins for a coin case), the coins one opening gives, and, while locked, the level it needs.
 */
export function EventCaseCard({ card }: { card: EventCaseData }) {
  const t = useT();
  const to = useLocalePath();
  const lock = caseLock(card);
  const look = card.colorData;
  const { totalCount: total, openedCount: opened } = card.statisticData;
  const style = {
    '--case-color': card.appearanceData.color,
    '--event-case-gradient': look.gradient,
    '--event-case-hover': look.gradientHovered,
    '--event-case-circle': look.circle,
    '--event-case-shadow': look.circleShadow,
  } as CSSProperties;
  // A locked case still links to its page, which shows what it holds and why it cannot be opened yet.
  return (
    <Link
      to={to(eventCasePath(card))}
      className={`event-case${lock.locked ? ' event-case--locked' : ''}`}
      style={style}
      data-testid="event-case"
      data-slug={card.slug}
      data-locked={lock.locked}
      data-level={card.level}
      prefetch="intent"
    >
      <span className="event-case__circle" aria-hidden="true" />
      <Picture className="event-case__img" src={card.appearanceData.image} alt="" width={150} height={150} draggable={false} />
      <span className="event-case__name">{card.name}</span>
      {card.tastyCoins && card.tastyCoins.max > 0 && (
        <span className="event-case__gives" data-testid="event-case-coins">
          {t('event.gives')} <Coins value={card.tastyCoins.min} />
          {card.tastyCoins.max !== card.tastyCoins.min && (
            <>
              – <Coins value={card.tastyCoins.max} />
            </>
          )}
        </span>
      )}
      <span className="event-case__price">
        <Price value={card.priceData.price} currency={card.priceData.currency} />
      </span>
      {/* An event case limited in opens counts down as any limited case does (spec §3 statisticData totalCount/openedCount). */}
      <CaseCounterBar total={total} left={total === null ? null : Math.max(0, total - opened)} className="case-card__limit" />
      {total !== null && (
        <span className="event-case__opened" data-testid="event-case-opened">
          {t('event.opened', { opened, total })}
        </span>
      )}
      {lock.locked && (
        <span className="event-case__lock" data-testid="event-case-lock">
          <LockIcon />
          {lock.level > 0 ? t('event.needsLevel', { level: lock.level }) : t('event.caseLocked')}
        </span>
      )}
    </Link>
  );
}
