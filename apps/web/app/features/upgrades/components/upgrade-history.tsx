import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import type { UpgradesResponse } from '@store/shared/api/upgrades';
import { Money } from '#app/components/money.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { useApi } from '#app/lib/use-api.ts';
import { Pager } from '#app/components/pager.tsx';
import { useFigure } from '#app/lib/use-figure.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

const PER_PAGE = 20;

/** A player's upgrades, newest first: what was staked, the target, the chance and the outcome. */
export function UpgradeHistory({ userId }: { userId: number }) {
  const t = useT();
  const figure = useFigure();
  const call = useApi();
  const [page, setPage] = useState(1);
  const [winsOnly, setWinsOnly] = useState(false);
  const history = useQuery({
    queryKey: ['upgrades', userId, page, winsOnly],
    queryFn: () =>
      call<UpgradesResponse>(
        `/api/v1/upgrades?scope=all&user_id=${userId}&page=${page}&per_page=${PER_PAGE}${winsOnly ? '&wins_only=1' : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <section className="recent" data-testid="upgrade-history">
      <label className="switch">
        <input
          type="checkbox"
          checked={winsOnly}
          onChange={(e) => {
            setWinsOnly(e.target.checked);
            setPage(1);
          }}
        />
        <span>{t('upgrade.winsOnly')}</span>
      </label>
      {!data ? (
        <Skeleton height={200} radius={12} />
      ) : data.items.length === 0 ? (
        <p className="empty">{t('upgrade.noHistory')}</p>
      ) : (
        <ul className="recent__list">
          {data.items.map((u) => (
            <li
              key={u.id}
              className={`recent__row history-row ${u.success ? 'is-win' : 'is-loss'}`}
              style={{ '--rarity': u.target.rarityColor } as CSSProperties}
              data-testid="upgrade-history-row"
            >
              <span className="history-row__stake">
                {u.items.length} × <Money value={u.stake} />
              </span>
              <Picture src={u.target.image} alt="" width={48} height={36} />
              <span className="recent__item">{u.target.name}</span>
              <span className="recent__chance">{figure(u.chance, 3)}%</span>
              <b className={u.success ? 'win' : 'loss'}>{u.success ? t('upgrade.win') : t('upgrade.loss')}</b>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
