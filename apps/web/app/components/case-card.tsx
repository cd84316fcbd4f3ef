import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { Money } from '#app/components/money.tsx';
import { Picture } from '#app/components/picture.tsx';
import './case-card.css';

/**
 * The case card of spec §4, in its three variants: `default` on the shelves (a link to the case,
 * with its label, price and counter), `battle` in the battle picker (the price and an add
 * control: a press adds one), `battle-selected` once chosen (marked, with the count chosen).
 */
export type CaseCardVariant = 'default' | 'battle' | 'battle-selected';

interface Look {
  name: string;
  image: string;
  color: string;
}

export type CaseCardProps = Look &
  (
    | {
        variant: 'default';
        to: string;
        /** Not on sale now (the "ended" look). */
        off?: boolean;
        /** The label and volatility marks over the art (beside the link, not in it). */
        badges?: ReactNode;
        price: ReactNode;
        /** Under the price: what is left (the counter). */
        footer?: ReactNode;
      }
    | {
        variant: 'battle' | 'battle-selected';
        slug: string;
        price: number;
        count: number;
        onAdd: () => void;
        /** What a press does ("Add"), read before the case's name; the picker's text, not the main page's. */
        addLabel: string;
      }
  );

/** The picker's variant for a case chosen `count` times. */
export const battleVariant = (count: number): 'battle' | 'battle-selected' => (count > 0 ? 'battle-selected' : 'battle');

export function CaseCard(props: CaseCardProps) {
  const style = { '--case-color': props.color } as CSSProperties;
  if (props.variant === 'default') {
    // The badges sit beside the link, over its corners: the volatility mark is a button of its
    // own, and a button inside a link is neither valid nor reachable apart from it.
    return (
      <div className={`case-card-cell${props.off ? ' case-card-cell--off' : ''}`}>
        <Link
          to={props.to}
          className={`case-card${props.off ? ' case-card--off' : ''}`}
          style={style}
          data-testid="case-card"
          data-variant="default"
          prefetch="intent"
        >
          <span className="case-card__glow" aria-hidden="true" />
          <Picture className="case-card__img" src={props.image} alt="" width={160} height={160} />
          <span className="case-card__name">{props.name}</span>
          <span className="case-card__price">{props.price}</span>
          {props.footer}
        </Link>
        {props.badges}
      </div>
    );
  }
  return <BattleCaseCard {...props} style={style} />;
}

function BattleCaseCard({
  variant,
  slug,
  name,
  image,
  price,
  count,
  onAdd,
  addLabel,
  style,
}: Extract<CaseCardProps, { variant: 'battle' | 'battle-selected' }> & { style: CSSProperties }) {
  const selected = variant === 'battle-selected';
  return (
    <button
      type="button"
      className={`battle-case${selected ? ' is-picked' : ''}`}
      style={style}
      onClick={onAdd}
      data-testid="battle-case"
      data-slug={slug}
      data-variant={variant}
    >
      {/* Named by what it shows, the case and its price, after what a press does (Lighthouse: the name holds the visible text). */}
      <span className="visually-hidden">{addLabel}: </span>
      {selected && <span className="battle-case__count">×{count}</span>}
      <Picture src={image} alt="" width={96} height={96} />
      <span className="battle-case__name">{name}</span>
      <Money value={price} />
      <span className="battle-case__add" aria-hidden="true">
        +
      </span>
    </button>
  );
}
