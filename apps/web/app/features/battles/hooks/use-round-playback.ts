import { useEffect, useState } from 'react';
import type { BattleRoundData } from '../api/get-battle.ts';
import { firstUnlanded, idlePlayback, nextSpin, type Playback } from '../utils/round-playback.ts';

/** After the reels stop, a beat before the landed cards replace them. */
const SETTLE_MS = 150;

export interface RoundPlayback {
  /** The round whose reels turn now. */
  spinning: BattleRoundData | null;
  /** How long this spin lasts. */
  spinMs: number;
  /** The rounds that have landed for this viewer. */
  shown: BattleRoundData[];
  /** No round is turning or waiting to turn: the battle's state is all on screen. */
  idle: boolean;
}

/**
 * The rounds that arrive while a viewer watches (`newest` is the latest of them), played one after
 * another by `nextSpin`'s rule; rounds there when the page came are shown landed at once.
 */
export function useRoundPlayback(rounds: BattleRoundData[], newest: number | null, spinMs: number): RoundPlayback {
  const [p, setP] = useState<Playback>(idlePlayback);
  if (newest !== null && p.from === null) setP({ ...p, from: newest });

  const { playing } = p;
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(
      () => setP((now) => ({ ...now, landed: { round: playing.round, at: Date.now() }, playing: null })),
      playing.ms + SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [playing]);

  const spin = nextSpin(p, newest, spinMs);
  const due = spin && rounds.some((r) => r.round === spin.round) ? spin : null;
  const dueRound = due?.round ?? null;
  const dueMs = due?.ms ?? 0;
  const notBefore = due?.notBefore ?? 0;
  useEffect(() => {
    if (dueRound === null) return;
    const timer = setTimeout(() => setP((now) => ({ ...now, playing: { round: dueRound, ms: dueMs } })), Math.max(0, notBefore - Date.now()));
    return () => clearTimeout(timer);
  }, [dueRound, dueMs, notBefore]);

  const upTo = firstUnlanded(p, newest);
  return {
    spinning: playing ? (rounds.find((r) => r.round === playing.round) ?? null) : null,
    spinMs: playing?.ms ?? spinMs,
    shown: upTo === Infinity ? rounds : rounds.filter((r) => r.round < upTo),
    idle: upTo === Infinity,
  };
}
