import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Price } from '#app/components/event-coin.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { CaseCardData } from '../api/get-sections.ts';
import { CaseCounterBar } from '#app/components/case-counter.tsx';
import { CaseLabelBadge } from './case-label-badge.tsx';
import { VolatilityBadge } from './volatility-badge.tsx';
import { Picture } from '#app/components/picture.tsx';

/** A case on the main page: art, label, name, price (with the old price struck), what is left. */
export function CaseCard({ card }: { card: CaseCardData }) {
  const to = useLocalePath();
  const { opensLimit, opensRemaining } = card.statisticData;
  const style = { '--case-color': card.appearanceData.color } as CSSProperties;
  return (
    <Link to={to(`/open/${card.slug}`)} className={`case-card${card.available ? '' : ' case-card--off'}`} style={style} data-testid="case-card" prefetch="intent">
      <CaseLabelBadge card={card} />
      <VolatilityBadge level={card.volatility} />
      <span className="case-card__glow" aria-hidden="true" />
      <Picture className="case-card__img" src={card.appearanceData.image} alt="" width={160} height={160} />
      <span className="case-card__name">{card.name}</span>
      <span className="case-card__price">
        {card.priceData.oldPrice != null && (
          <s className="case-card__old">
            <Price value={card.priceData.oldPrice} currency={card.priceData.currency} />
          </s>
        )}
        <Price value={card.priceData.price} currency={card.priceData.currency} />
      </span>
      <CaseCounterBar total={opensLimit} left={opensRemaining} className="case-card__limit" />
    </Link>
  );
}
