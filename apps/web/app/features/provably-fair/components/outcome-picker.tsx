import { useState } from 'react';
import type { OutcomeKind } from '@store/shared/api/provably-fair';
import { Pager } from '#app/components/pager.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { OUTCOMES_PER_PAGE, useMyOutcomes, type MyOutcomesData } from '../api/get-my-outcomes.ts';
import { OUTCOME_KINDS } from '../utils/check-target.ts';
import { useT } from '#app/lib/use-t.ts';

/** The player's own outcomes, newest first, filtered by game; picking one opens its check. */
export function OutcomePicker({
  initial,
  selected,
  onPick,
}: {
  initial: MyOutcomesData | null;
  selected: { kind: OutcomeKind; id: string } | null;
  onPick: (kind: OutcomeKind, id: string) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [kind, setKind] = useState<OutcomeKind | null>(null);
  const [page, setPage] = useState(1);
  const list = useMyOutcomes(kind, page, initial);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / OUTCOMES_PER_PAGE)) : 1;
  const filter = (k: OutcomeKind | null) => {
    setKind(k);
    setPage(1);
  };
  return (
    <section className="pf-card pf-picker" data-testid="pf-picker">
      <h2>{t('pf.check.pickTitle')}</h2>
      <div className="pf-chips" role="group" aria-label={t('pf.check.game')}>
        {[null, ...OUTCOME_KINDS].map((k) => (
          <button
            key={k ?? 'all'}
            type="button"
            className={k === kind ? 'on' : ''}
            aria-pressed={k === kind}
            onClick={() => filter(k)}
            data-testid={`pf-filter-${k ?? 'all'}`}
          >
            {k ? t(`pf.kinds.${k}`) : t('pf.check.all')}
          </button>
        ))}
      </div>
      {!data ? (
        <Skeleton height={240} radius={12} />
      ) : data.items.length === 0 ? (
        <p className="empty">{t('pf.check.empty')}</p>
      ) : (
        <ul className={`pf-outcomes${list.isPlaceholderData ? ' is-stale' : ''}`}>
          {data.items.map((o) => {
            const on = selected?.kind === o.kind && selected.id === o.id;
            return (
              <li key={`${o.kind}:${o.id}`}>
                <button
                  type="button"
                  className={`pf-outcomes__row${on ? ' on' : ''}`}
                  aria-current={on || undefined}
                  onClick={() => onPick(o.kind, o.id)}
                  data-testid="pf-outcome-item"
                  data-kind={o.kind}
                  data-id={o.id}
                >
                  <span className="pf-kind">{t(`pf.kinds.${o.kind}`)}</span>
                  <span className="pf-outcomes__title">{o.title}</span>
                  <span className={`pf-outcomes__seed${o.revealed ? ' is-open' : ''}`}>
                    {o.revealed ? t('pf.check.open') : t('pf.check.hidden')}
                  </span>
                  <span className="muted pf-outcomes__meta">
                    {formatDateTime(o.createdAt, lang)} · nonce {o.nonce}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label={t('pf.check.pickTitle')} />
    </section>
  );
}
