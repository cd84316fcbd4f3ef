import { useState } from 'react';
import { Pager } from '#app/components/pager.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { REVEALED_PER_PAGE, useRevealedSeeds, type RevealedSeedsData } from '../api/get-revealed-seeds.ts';
import { RevealedSeedCard } from './revealed-seed-card.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The player's revealed pairs, newest first, a page at a time. */
export function RevealedHistory({ initial }: { initial: RevealedSeedsData | null }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const history = useRevealedSeeds(page, initial);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / REVEALED_PER_PAGE)) : 1;
  return (
    <section className="pf-card" data-testid="pf-revealed-history" data-total={data?.total ?? ''}>
      <h2>{t('pf.settings.historyTitle')}</h2>
      {!data ? (
        <Skeleton height={160} radius={12} />
      ) : data.items.length === 0 ? (
        <p className="empty">{t('pf.settings.historyEmpty')}</p>
      ) : (
        <div className={`pf-list${history.isPlaceholderData ? ' is-stale' : ''}`}>
          {data.items.map((seed) => (
            <RevealedSeedCard key={seed.id} seed={seed} testId="pf-revealed-row" />
          ))}
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label={t('pf.settings.historyTitle')} />
    </section>
  );
}
