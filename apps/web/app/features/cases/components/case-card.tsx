import { CaseCard as Card } from '#app/components/case-card.tsx';
import { Price } from '#app/components/event-coin.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { CaseCardData } from '../api/get-sections.ts';
import { CaseCounterBar } from '#app/components/case-counter.tsx';
import { CaseLabelBadge } from './case-label-badge.tsx';
import { VolatilityBadge } from './volatility-badge.tsx';

/** A case on the main page, the card's default variant: art, label, name, price (with the old price struck), what is left. */
export function CaseCard({ card }: { card: CaseCardData }) {
  const to = useLocalePath();
  const { opensLimit, opensRemaining } = card.statisticData;
  return (
    <Card
      variant="default"
      to={to(`/open/${card.slug}`)}
      off={!card.available}
      name={card.name}
      image={card.appearanceData.image}
      color={card.appearanceData.color}
      badges={
        <>
          <CaseLabelBadge card={card} />
          <VolatilityBadge level={card.volatility} />
        </>
      }
      price={
        <>
          {card.priceData.oldPrice != null && (
            <s className="case-card__old">
              <Price value={card.priceData.oldPrice} currency={card.priceData.currency} />
            </s>
          )}
          <Price value={card.priceData.price} currency={card.priceData.currency} />
        </>
      }
      footer={<CaseCounterBar total={opensLimit} left={opensRemaining} timer={card.timerData} className="case-card__limit" />}
    />
  );
}
