import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { FREE_CASE_COLOR } from '@store/shared/levels';
import { Money } from '#app/components/money.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useFreeCases } from '../api/get-free-cases.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The free openings the player holds (a promo code, the operator, later the battle pass), each
 * opened once from the case's page, and how far each every-N-th-free case is from its next one.
 * Free things wear their own colour, apart from every level band.
 */
export function FreeOpenings() {
  const t = useT();
  const to = useLocalePath();
  const lang = useLang();
  const free = useFreeCases();
  const openings = free.data?.openings ?? [];
  const progress = free.data?.progress ?? [];
  if (!openings.length && !progress.length) return null;
  return (
    <section className="free-openings" style={{ '--free': FREE_CASE_COLOR } as CSSProperties} data-testid="free-openings">
      <h2>{t('daily.freeTitle')}</h2>
      {openings.length > 0 && (
        <div className="free-openings__list">
          {openings.map((o) => (
            <article key={o.id} className="free-opening" data-testid="free-opening" data-source={o.source}>
              <Picture src={o.case.image} alt="" width={72} height={72} />
              <div className="free-opening__text">
                <b>{o.case.name}</b>
                <small className="muted">
                  {t(`daily.freeSource.${o.source}`)}
                  {o.expiresAt && ` · ${t('daily.freeUntil', { date: formatDateTime(o.expiresAt, lang) })}`}
                </small>
                <span className="free-opening__worth">
                  <s>
                    <Money value={o.priceData.oldPrice} />
                  </s>
                  <span>{t('daily.free')}</span>
                </span>
              </div>
              <Link to={to(`/open/${o.case.slug}?free=${o.id}`)} className="btn btn--accent btn--s" data-testid="free-opening-open">
                {t('daily.open')}
              </Link>
            </article>
          ))}
        </div>
      )}
      {progress.map((p) => (
        <Link key={p.case.id} to={to(`/open/${p.case.slug}`)} className="free-progress" data-testid="free-progress">
          <Picture src={p.case.image} alt="" width={40} height={40} />
          <span>
            <b>{p.case.name}</b>
            <small className="muted">{t('daily.everyN', { count: p.opensToFree, n: p.everyN })}</small>
          </span>
          <span className="free-progress__bar" aria-hidden="true">
            <span style={{ width: `${((p.everyN - p.opensToFree) / p.everyN) * 100}%` }} />
          </span>
        </Link>
      ))}
    </section>
  );
}
