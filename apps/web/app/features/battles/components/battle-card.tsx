import { Fragment } from 'react';
import { Link } from 'react-router';
import { seatsOf, teamOf } from '@store/shared/battle';
import { Money } from '#app/components/money.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';
import type { BattleSummaryData } from '../api/get-battles.ts';
import { EyeIcon } from './icons.tsx';
import { SeatAvatar } from './seat-avatar.tsx';
import { Picture } from '#app/components/picture.tsx';

const SHOWN_CASES = 5;

/**
 * One open battle in the list: mode, seats (players, bots, free seats to take), the cases with
 * their counts, the entry price, rounds, status and spectators; join or watch.
 */
export function BattleCard({
  battle,
  meId,
  busy,
  onJoin,
}: {
  battle: BattleSummaryData;
  meId: number | null;
  busy: boolean;
  onJoin: (seat?: number) => void;
}) {
  const t = useT();
  const to = useLocalePath();
  const seats = Array.from({ length: seatsOf(battle.mode) }, (_, i) => i + 1);
  const bySeat = new Map(battle.members.map((m) => [m.seat, m]));
  const mine = meId !== null && battle.members.some((m) => m.user?.id === meId);
  const canJoin = battle.status === 'created' && !mine && battle.members.length < seats.length;
  const rest = battle.cases.length - SHOWN_CASES;
  return (
    <article className={`battle-card battle-card--${battle.status}`} data-testid="battle-card" data-ulid={battle.ulid}>
      <header className="battle-card__head">
        <span className="battle-card__mode">{t(`battles.modes.${battle.mode}`)}</span>
        <span className={`battle-status battle-status--${battle.status}`} data-testid="battle-card-status">
          {battle.status === 'started' ? t('battles.roundOf', { n: Math.max(1, battle.currentRound), total: battle.totalRounds }) : t(`battles.status.${battle.status}`)}
        </span>
        <span className="battle-card__eye" title={t('battles.spectators', { n: battle.spectators })}>
          <EyeIcon /> {battle.spectators}
        </span>
      </header>
      <div className="battle-card__seats">
        {seats.map((s) => {
          const m = bySeat.get(s);
          return (
            <Fragment key={s}>
              {s > 1 && teamOf(battle.mode, s) !== teamOf(battle.mode, s - 1) && <span className="battle-card__vs">VS</span>}
              {m ? (
                <span className={`battle-card__seat${m.user?.id === meId ? ' is-me' : ''}`} title={m.name}>
                  <SeatAvatar member={m} size={40} />
                  <small>{m.isBot ? t('battles.bot') : m.name}</small>
                </span>
              ) : (
                <button
                  type="button"
                  className="battle-card__seat battle-card__seat--free"
                  disabled={!canJoin || busy}
                  onClick={() => onJoin(s)}
                  aria-label={`${t('battles.freeSeat')}: ${t('battles.joinSeat')} ${s}`}
                  data-testid="battle-card-free-seat"
                >
                  <span className="seat-avatar seat-avatar--empty" aria-hidden="true">
                    +
                  </span>
                  <small>{t('battles.freeSeat')}</small>
                </button>
              )}
            </Fragment>
          );
        })}
      </div>
      <ul className="battle-card__cases">
        {battle.cases.slice(0, SHOWN_CASES).map((line) => (
          <li key={line.case.slug} title={line.case.name}>
            <Picture src={line.case.image} alt={line.case.name} width={48} height={48} />
            {line.count > 1 && <b>×{line.count}</b>}
          </li>
        ))}
        {rest > 0 && <li className="battle-card__more">+{rest}</li>}
      </ul>
      <footer className="battle-card__foot">
        <span className="battle-card__price">
          <small>{t('battles.perSeat')}</small>
          <Money value={battle.price} />
        </span>
        <span className="pill">{t('battles.rounds', { count: battle.totalRounds })}</span>
        <span className="battle-card__actions">
          {canJoin && (
            <button type="button" className="btn btn--accent btn--s" disabled={busy} onClick={() => onJoin()} data-testid="battle-join">
              {t('battles.join')}
            </button>
          )}
          <Link to={to(`/battles/${battle.ulid}`)} className="btn btn--secondary btn--s" data-testid="battle-watch">
            {t('battles.watch')}
          </Link>
        </span>
      </footer>
    </article>
  );
}
