import { useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { useCashOutTechiesGame } from '../api/cash-out-techies-game.ts';
import { getTechiesGame, type TechiesGameData } from '../api/get-techies-game.ts';
import { techiesHistoryKey } from '../api/get-techies-history.ts';
import { useOpenTechiesCell } from '../api/open-techies-cell.ts';
import { useStartTechiesGame } from '../api/start-techies-game.ts';
import { canCashOut, initialPlay, isOver, playReducer, type PlayState } from '../utils/play.ts';

/**
 * Should a flip's or an explosion's `animationend` never come (animations switched off by the
 * browser), the board goes on after this long rather than wait for ever.
 */
const ANIMATION_FALLBACK_MS = 2500;

/** The game on the page: start, the serialised opens with their held answers, cash-out, play again. */
export function useTechiesPlay(resumed: TechiesGameData | null) {
  const [play, dispatch] = useReducer(playReducer, resumed, initialPlay);
  const call = useApi();
  const alert = useAlert();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  const start = useStartTechiesGame();
  const open = useOpenTechiesCell();
  const cashOut = useCashOutTechiesGame();

  // One open request per queued click, sent when the one before it has been answered.
  // The ref keeps a re-run effect (development's double effects) from sending a request twice.
  const sent = useRef<PlayState['inFlight']>(null);
  const { inFlight, latest } = play;
  const openCell = open.mutateAsync;
  const failed = useLatest((e: Error) => {
    alert.error(e.message);
    // Over already (played on in another tab): show the board as the server has it.
    if (e instanceof ApiError && e.code === 'techies_game_over') void resync();
  });
  useEffect(() => {
    if (!inFlight || !latest || sent.current === inFlight) return;
    sent.current = inFlight;
    const { cell } = inFlight;
    openCell({ gameId: latest.id, cell }).then(
      (game) => dispatch({ type: 'answered', cell, game }),
      (e: Error) => {
        dispatch({ type: 'failed', cell });
        failed.current(e);
      },
    );
  }, [inFlight, latest, openCell, failed]);

  // A game that ended through a click: its money reaches the header once the flip has shown it.
  const shown = play.shown;
  const endedAt = useRef(resumed?.state === 'playing' ? null : resumed);
  useEffect(() => {
    if (!shown || shown.state === 'playing' || endedAt.current === shown) return;
    endedAt.current = shown;
    setFinance({ balance: shown.balance });
    void client.invalidateQueries({ queryKey: techiesHistoryKey });
  }, [shown, setFinance, client]);

  // Fallbacks for animations that never end.
  const turning = play.flips.filter((f) => !f.turned).map((f) => f.cell);
  const turningKey = turning.join(',');
  useEffect(() => {
    if (!turningKey) return;
    const timers = turningKey.split(',').map((c) => setTimeout(() => dispatch({ type: 'turned', cell: Number(c) }), ANIMATION_FALLBACK_MS));
    return () => timers.forEach(clearTimeout);
  }, [turningKey]);
  const exploding = shown?.state === 'lost' && !play.revealed;
  useEffect(() => {
    if (!exploding) return;
    const timer = setTimeout(() => dispatch({ type: 'exploded' }), ANIMATION_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [exploding]);

  async function resync() {
    const game = await getTechiesGame(call).catch(() => null);
    dispatch(game ? { type: 'started', game } : { type: 'cleared' });
  }

  return {
    play,
    over: isOver(play),
    canCashOut: canCashOut(play) && !cashOut.isPending,
    starting: start.isPending,
    cashingOut: cashOut.isPending,
    click: (cell: number) => dispatch({ type: 'clicked', cell }),
    turned: (cell: number) => dispatch({ type: 'turned', cell }),
    exploded: () => dispatch({ type: 'exploded' }),
    again: () => dispatch({ type: 'cleared' }),
    start: (stake: number, mines: number) =>
      start.mutate(
        { stake, mines },
        {
          onSuccess: (game) => dispatch({ type: 'started', game }),
          onError: (e) => {
            alert.error(e.message);
            // A game is open already (another tab started it): carry on with it.
            if (e instanceof ApiError && e.code === 'techies_game_in_progress') void resync();
          },
        },
      ),
    cashOut: () => {
      if (!play.shown) return;
      cashOut.mutate(play.shown.id, {
        onSuccess: (game) => dispatch({ type: 'cashed', game }),
        onError: (e) => {
          alert.error(e.message);
          if (e instanceof ApiError && e.code === 'techies_game_over') void resync();
        },
      });
    },
  };
}
