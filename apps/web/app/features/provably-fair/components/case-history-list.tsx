import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Money } from '#app/components/money.tsx';
import { fairCheckPath } from '#app/components/fair-links.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { CaseOpeningData } from '../api/get-case-history.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The player's openings of one case: the item, the ticket that gave it, the nonce, the time, and the way to its check. */
export function CaseHistoryList({ items }: { items: CaseOpeningData[] }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  return (
    <ul className="pf-history">
      <li className="pf-history__head" aria-hidden="true">
        <span>{t('pf.history.item')}</span>
        <span>{t('pf.history.ticket')}</span>
        <span>{t('pf.history.nonce')}</span>
        <span>{t('pf.history.date')}</span>
        <span />
      </li>
      {items.map((o) => (
        <li
          key={o.id}
          className="pf-history__row"
          style={{ '--rarity': o.item.rarityColor } as CSSProperties}
          data-testid="pf-history-row"
          data-id={o.id}
        >
          <span className="pf-history__item">
            {o.item.image ? (
              <Picture src={o.item.image} alt="" width={56} height={42} />
            ) : (
              <span className="pf-history__noimg" aria-hidden="true" />
            )}
            <span>
              <b>{o.item.name}</b>
              <Money value={o.item.price} />
            </span>
          </span>
          <span className="pf-history__ticket">
            <small>{t('pf.history.ticket')}</small>
            <b className="pf-num" data-testid="pf-history-ticket">
              {o.rolls.find((r) => r.cursor === 0)?.ticket ?? '—'}
            </b>
          </span>
          <span className="pf-history__nonce">
            <small>{t('pf.history.nonce')}</small>
            <span className="pf-num">{o.seed.nonce}</span>
          </span>
          <time className="pf-history__date muted" dateTime={o.createdAt}>
            {formatDateTime(o.createdAt, lang)}
          </time>
          <Link
            to={to(fairCheckPath('case', o.id))}
            className="btn btn--secondary btn--s pf-history__verify"
            data-testid="pf-history-verify"
          >
            {t('pf.history.verify')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
