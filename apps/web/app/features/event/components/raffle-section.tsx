import { useState } from 'react';
import { Link } from 'react-router';
import { Coins } from '#app/components/event-coin.tsx';
import { Money } from '#app/components/money.tsx';
import { Pager } from '#app/components/pager.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { EventSettingsData } from '../api/get-current-event.ts';
import { useRaffleResult } from '../api/get-raffle-result.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

type Raffle = NonNullable<EventSettingsData['raffle']>;

/**
 * The event's raffle (spec §3 Raffle result): the prizes, the player's tickets (one per so many
 * coins spent on coin cases), the hash of the seed that will draw it, public from the start, and
 * after the draw the seeds themselves and the winners.
 */
export function RaffleSection({ slug, raffle, myTickets }: { slug: string; raffle: Raffle; myTickets: number | null }) {
  const t = useT();
  const to = useLocalePath();
  const [page, setPage] = useState(1);
  const result = useRaffleResult(slug, page, null);
  const data = result.data;
  const drawn = data?.drawn ?? raffle.drawn;
  const tickets = data?.myTickets ?? myTickets;
  const mine = new Set((data?.meInRaffle ?? []).map((row) => row.position));
  return (
    <section className="raffle" data-testid="raffle" data-drawn={drawn}>
      <div className="raffle__head">
        <h2>{t('event.raffle.title')}</h2>
        <p className="muted">{t('event.raffle.rules', { count: raffle.coinsPerTicket })}</p>
      </div>
      <dl className="raffle__facts">
        <div>
          <dt>{t('event.raffle.prizes')}</dt>
          <dd data-testid="raffle-prizes">{data?.prizeCount ?? raffle.prizeCount}</dd>
        </div>
        <div>
          <dt>{t('event.raffle.tickets')}</dt>
          <dd data-testid="raffle-tickets">{tickets ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('event.raffle.perTicket')}</dt>
          <dd>
            <Coins value={raffle.coinsPerTicket} />
          </dd>
        </div>
      </dl>
      <div className="raffle__seeds">
        <span className="field__label">{t('event.raffle.hash')}</span>
        <code className="raffle__hash" data-testid="raffle-hash">
          {data?.serverSeedHash ?? raffle.serverSeedHash}
        </code>
        {drawn && (data?.serverSeed ?? raffle.serverSeed) && (
          <>
            <span className="field__label">{t('event.raffle.seed')}</span>
            <code className="raffle__hash" data-testid="raffle-seed">
              {data?.serverSeed ?? raffle.serverSeed}
            </code>
            <span className="field__label">{t('event.raffle.clientSeed')}</span>
            <code className="raffle__hash">{data?.clientSeed ?? raffle.clientSeed}</code>
          </>
        )}
      </div>
      {drawn ? (
        data?.raffleResult.length ? (
          <>
            <h3>{t('event.raffle.winners')}</h3>
            <ol className="raffle__winners" data-testid="raffle-winners">
              {data.raffleResult.map((row) => (
                <li key={row.position} className="raffle__winner" data-testid="raffle-winner" data-position={row.position} data-mine={mine.has(row.position) || undefined}>
                  <span className="raffle__place">{row.position}</span>
                  {row.userId !== null ? (
                    <Link to={to(`/profile/${row.userId}`)} className="raffle__who">
                      {row.avatar && <Picture src={row.avatar} alt="" width={28} height={28} />}
                      <span>{row.name}</span>
                    </Link>
                  ) : (
                    <span className="raffle__who muted">{t('event.raffle.noWinner')}</span>
                  )}
                  <span className="raffle__item">
                    <Picture src={row.img} alt="" width={48} height={36} />
                    <span>{row.item}</span>
                  </span>
                  <Money value={row.price.price} />
                </li>
              ))}
            </ol>
            <Pager page={page} pages={data.paginator.lastPage} onPage={setPage} label={t('event.raffle.winners')} />
          </>
        ) : (
          <p className="muted">{result.isFetching ? t('event.raffle.loading') : t('event.raffle.noWinners')}</p>
        )
      ) : (
        <p className="muted raffle__wait">{t('event.raffle.notDrawn')}</p>
      )}
    </section>
  );
}
