import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { battleFailText } from '../utils/battle-answer.ts';
import { useRoundPlayback } from '../hooks/use-round-playback.ts';
import { useLiveBattle, type BattleData } from '../api/get-battle.ts';
import { useBattleStatusUpdates } from '../api/get-battle-status.ts';
import { useCancelBattle } from '../api/cancel-battle.ts';
import { useJoinBattle } from '../api/join-battle.ts';
import { useLeaveBattle } from '../api/leave-battle.ts';
import { useSpectating } from '../api/open-battle.ts';
import { useRoundCases } from '../api/get-round-case.ts';
import { useBattleWinnings } from '../api/get-battle-winnings.ts';
import { useSellBattle } from '../api/sell-battle.ts';
import { useSendEmoji } from '../api/send-emoji.ts';
import { useStartBattle } from '../api/start-battle.ts';
import { BattleArena } from './battle-arena.tsx';
import { BattleFair } from './battle-fair.tsx';
import { EmojiBar } from './emoji-bar.tsx';
import { EyeIcon } from './icons.tsx';
import { RoundCases } from './round-cases.tsx';
import { RoundCountdown } from './round-countdown.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { Money } from '#app/components/money.tsx';
import { isSignInRefusal } from '#app/lib/api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** A reel spins for most of the time between rounds and stops before the next one is due. */
const spinTime = (roundMs: number) => Math.max(500, Math.min(3000, roundMs - 400));

/** One battle as it stands, then live for players and spectators alike: the board, the arena and the seat's actions. */
export function LiveBattle({ initial }: { initial: BattleData }) {
  const t = useT();
  const me = useMe();
  const to = useLocalePath();
  const alert = useAlert();
  const { openDialog } = useUiState();
  const live = useLiveBattle(initial);
  const { battle, fresh } = live;
  useSpectating(battle.ulid, live.arrivedCount);
  const cases = useRoundCases(battle.roundCases);
  const status = useBattleStatusUpdates();
  const join = useJoinBattle();
  const leave = useLeaveBattle();
  const start = useStartBattle();
  const cancel = useCancelBattle();
  const sell = useSellBattle();
  const emoji = useSendEmoji();
  const [sold, setSold] = useState<number | null>(null);

  // The rounds that arrive while watching spin one after another, each landing before the next.
  const playback = useRoundPlayback(battle.rounds, fresh, spinTime(battle.roundMs));
  const { spinning, shown } = playback;
  const settled = battle.status === 'finished' && playback.idle;
  // What the board says: still the round while its reels turn, even if the server has finished it.
  const shownStatus = battle.status === 'finished' && !playback.idle ? 'started' : battle.status;

  // Spec §4: the player's active battle is over, so the player is no longer in battle.
  const over = battle.status === 'finished' || battle.status === 'cancelled';
  useEffect(() => {
    if (over) status.finished(battle.ulid);
  }, [over, battle.ulid, status]);

  const meMember = me ? battle.members.find((m) => m.user?.id === me.userId) : undefined;
  const isCreator = !!me && me.userId === battle.creatorId && !!meMember;
  const canJoin = battle.status === 'created' && !meMember;
  const iWon = settled && !!meMember?.isWinner;
  // What is left of the winnings to sell, asked once the result shows: sold before a reload, it is gone.
  const winnings = useBattleWinnings(battle.ulid, iWon);
  const winners = settled ? battle.members.filter((m) => m.isWinner) : [];
  const pot = Math.round(battle.members.reduce((s, m) => s + m.won, 0) * 100) / 100;
  const round = spinning ? spinning.round : shown.length;
  const active = spinning
    ? spinning.round
    : battle.status === 'started' && battle.currentRound < battle.totalRounds
      ? battle.currentRound + 1
      : null;

  const fail = (e: Error) => {
    alert.error(battleFailText(t, e));
    if (isSignInRefusal(e)) openDialog('login');
  };
  const onJoin = (seat: number) => {
    if (!me) return openDialog('login');
    alert.code('joining_battle');
    join.mutate({ ulid: battle.ulid, seat }, { onSuccess: (res) => live.replace(res.battle), onError: fail });
  };

  return (
    <div className="battle" data-testid="battle-page" data-status={battle.status} data-live={live.live ? 'true' : 'false'}>
      <div className="battle__head">
        {/* The page's heading for screen readers and search engines; the board itself says the rest. */}
        <h1 className="visually-hidden">
          {t('battles.title')}: {t(`battles.modes.${battle.mode}`)}
        </h1>
        <Link to={to('/battles')} className="link-button">
          ← {t('battles.back')}
        </Link>
        <span className="battle-card__mode">{t(`battles.modes.${battle.mode}`)}</span>
        <span className={`battle-status battle-status--${battle.status}`} data-testid="battle-status">
          {shownStatus === 'started'
            ? t('battles.roundOf', { n: Math.max(1, round), total: battle.totalRounds })
            : t(`battles.status.${shownStatus}`)}
        </span>
        <span className="battle__price">
          <small>{t('battles.perSeat')}</small>
          <Money value={battle.price} />
        </span>
        <span className="battle-card__eye" data-testid="battle-spectators">
          <EyeIcon /> {t('battles.spectators', { n: battle.spectators })}
        </span>
      </div>

      <RoundCases battle={battle} active={active} />

      {battle.status === 'started' && battle.nextRoundAt !== null && (
        <RoundCountdown
          key={battle.nextRoundAt}
          at={battle.nextRoundAt}
          skew={live.skew}
          roundMs={battle.roundMs}
          first={battle.rounds.length === 0}
        />
      )}

      {settled && (
        <div className={`battle-result${iWon ? ' battle-result--won' : ''}`} data-testid="battle-result">
          <span className="battle-result__label">{winners.length > 1 ? t('battles.winners') : t('battles.winner')}</span>
          <b className="battle-result__who" data-testid="battle-winner">
            {winners.map((m) => m.name).join(' + ')}
          </b>
          <Money value={pot} className="battle-result__pot" />
          {battle.fair.tieBreak && <span className="pill">{t('battles.tieBreak')}</span>}
          {meMember && <span className={iWon ? 'win' : 'loss'}>{iWon ? t('battles.youWon') : t('battles.youLost')}</span>}
          {iWon &&
            (sold !== null ? (
              <p className="sold-note" data-testid="battle-sold">
                {t('battles.sold')} <Money value={sold} />
              </p>
            ) : !winnings.data ? null : winnings.data.items === 0 ? (
              <p className="sold-note" data-testid="battle-nothing-to-sell">
                {t('battles.nothingToSell')}
              </p>
            ) : (
              <button
                type="button"
                className="btn btn--quicksale btn--m"
                disabled={sell.isPending}
                onClick={() => sell.mutate(battle.ulid, { onSuccess: (res) => setSold(res.amount), onError: fail })}
                data-testid="battle-sell"
              >
                {t('battles.sellAll')} <Money value={winnings.data.price} />
              </button>
            ))}
        </div>
      )}
      {battle.status === 'cancelled' && <p className="empty">{t('battles.cancelled')}</p>}

      <BattleArena
        battle={battle}
        shown={shown}
        spinning={spinning}
        spinMs={playback.spinMs}
        settled={settled}
        cases={cases}
        meId={me?.userId ?? null}
        emojis={live.emojis}
        canJoin={canJoin}
        busy={join.isPending}
        onJoin={onJoin}
      />

      {meMember && battle.status !== 'cancelled' ? (
        <div className="battle__actions">
          {battle.status === 'created' && isCreator && (
            <>
              <button
                type="button"
                className="btn btn--accent btn--m"
                disabled={start.isPending}
                onClick={() => start.mutate(battle.ulid, { onSuccess: (res) => live.replace(res.battle), onError: fail })}
                data-testid="battle-start-bots"
              >
                {t('battles.startBots')}
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--m"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(battle.ulid, {
                    onSuccess: (res) => {
                      live.replace(res.battle);
                      alert.success(t('battles.cancelled'));
                    },
                    onError: fail,
                  })
                }
                data-testid="battle-cancel"
              >
                {t('battles.cancel')}
              </button>
            </>
          )}
          {battle.status === 'created' && !isCreator && (
            <button
              type="button"
              className="btn btn--secondary btn--m"
              disabled={leave.isPending}
              onClick={() =>
                leave.mutate(battle.ulid, {
                  onSuccess: () => {
                    alert.success(t('battles.left'));
                    live.refresh();
                  },
                  onError: fail,
                })
              }
              data-testid="battle-leave"
            >
              {t('battles.leave')}
            </button>
          )}
          <EmojiBar disabled={emoji.isPending} onSend={(content) => emoji.mutate({ ulid: battle.ulid, content }, { onError: fail })} />
        </div>
      ) : null}

      <BattleFair battle={battle} />
    </div>
  );
}
