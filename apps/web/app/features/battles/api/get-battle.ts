import { useEffect, useRef, useState } from 'react';
import type { Battle, BattleStateChange, EmojiMessage, SpectatorsEvent } from '@store/shared/api/battles';
import { BATTLE_EMOJI_EVENT, BATTLE_SPECTATORS_EVENT, BATTLE_STATE_EVENT, BATTLE_UPDATED_EVENT, battleChannel } from '@store/shared/channels';
import { camelize, type ApiCaller, type Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { useChannelEvents } from '#app/lib/use-channel.ts';
import { useLang } from '#app/lib/use-lang.ts';

export type BattleData = Camel<Battle>;
export type BattleMemberData = BattleData['members'][number];
export type BattleRoundData = BattleData['rounds'][number];
export type BattleDropData = BattleRoundData['drops'][number];
export type EmojiData = Camel<EmojiMessage>;


export const BATTLE_ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** GET /api/battles/battle: one battle with its revealed rounds (the server seed once finished). */
export const getBattle = (call: ApiCaller, ulid: string) => call<Battle>(`/api/battles/battle?battle_ulid=${encodeURIComponent(ulid)}`);

const lastRound = (b: BattleData) => b.rounds.reduce((m, r) => Math.max(m, r.round), 0);

/** A revealed round folded into the battle: the round appended, the counters moved on. */
export function applyStateChange(b: BattleData, change: Camel<BattleStateChange>): BattleData {
  if (change.battleUlid !== b.ulid) return b;
  const rounds = b.rounds.some((r) => r.round === change.round.round) ? b.rounds : [...b.rounds, change.round].sort((x, y) => x.round - y.round);
  const totals = new Map(change.totals.map((t) => [t.seat, t.total]));
  return {
    ...b,
    status: change.status,
    rounds,
    currentRound: Math.max(b.currentRound, change.round.round),
    totalRounds: change.totalRounds,
    nextRoundAt: change.nextRoundAt,
    winnerTeam: change.winnerTeam ?? b.winnerTeam,
    members: b.members.map((m) => ({ ...m, total: totals.get(m.seat) ?? m.total })),
  };
}

export interface LiveBattle {
  battle: BattleData;
  /** The round that arrived while the page watched, to spin; rounds loaded with the page do not spin. */
  fresh: number | null;
  /** This browser's clock minus the server's, delivery included: a round's arrival minus its due time. */
  skew: number;
  emojis: (EmojiData & { key: number })[];
  live: boolean;
  replace(next: BattleData): void;
  refresh(): void;
  /** The viewer count this page's own arrival answered (`/battles/open`). */
  arrivedCount(n: number): void;
}

/**
 * One battle, live: the `battle#<ulid>` channel replaces the whole state on
 * `battles_battle_updated`, appends a round on `statechange`, updates the viewer count on
 * `battles_spectators` and floats reactions from `battles_emoji_sent`. Once subscribed the state is read again, so nothing said between the
 * server render and the subscription is lost.
 */
export function useLiveBattle(initial: BattleData): LiveBattle {
  const call = useApi();
  const [state, setState] = useState<{ battle: BattleData; fresh: number | null }>({ battle: initial, fresh: null });
  const [skew, setSkew] = useState(0);
  const [emojis, setEmojis] = useState<LiveBattle['emojis']>([]);
  const emojiKey = useRef(0);
  const ulid = initial.ulid;
  // Events carry Russian names (one language for every subscriber): a page in another language
  // takes their news and then reads the battle in its own language.
  const eventsInMyLanguage = useLang() === 'ru';

  // A round newer than any seen so far is the one to spin, whichever event brought it.
  const advance = (prev: { battle: BattleData; fresh: number | null }, next: BattleData) => {
    if (next.ulid !== prev.battle.ulid) return prev;
    const after = lastRound(next);
    return { battle: next, fresh: after > lastRound(prev.battle) ? after : prev.fresh };
  };
  const replace = (next: BattleData) => setState((prev) => advance(prev, next));
  const setSpectators = (n: number) => setState((prev) => ({ ...prev, battle: { ...prev.battle, spectators: n } }));
  // The count the page's own arrival answered is older than any the channel or a read brings later:
  // it only counts until one of those has come (a slow answer must not undo them).
  const heard = useRef(false);
  const refresh = useLatest(
    () =>
      void getBattle(call, ulid).then(
        (next) => {
          heard.current = true;
          replace(next);
        },
        () => undefined,
      ),
  );
  const arrivedCount = (n: number) => {
    if (!heard.current) setSpectators(n);
  };
  const live = useChannelEvents(battleChannel(ulid), {
    [BATTLE_UPDATED_EVENT]: (data: Battle) => (eventsInMyLanguage ? replace(camelize(data)) : refresh.current()),
    [BATTLE_STATE_EVENT]: (data: BattleStateChange) => {
      const change = camelize(data);
      setSkew(Date.now() - change.dueAt);
      setState((prev) => advance(prev, applyStateChange(prev.battle, change)));
      // The round event does not carry the awards and the revealed seed: read the whole battle.
      if (change.status === 'finished' || !eventsInMyLanguage) refresh.current();
    },
    [BATTLE_SPECTATORS_EVENT]: (data: SpectatorsEvent) => {
      if (data.battle_ulid !== ulid) return;
      heard.current = true;
      setSpectators(data.spectators);
    },
    [BATTLE_EMOJI_EVENT]: (data: EmojiMessage) => {
      const key = ++emojiKey.current;
      setEmojis((list) => [...list.slice(-11), { ...camelize(data), key }]);
      setTimeout(() => setEmojis((list) => list.filter((e) => e.key !== key)), 2400);
    },
  });

  // Read again each time the subscription (re)starts.
  useEffect(() => {
    if (live) refresh.current();
  }, [live, refresh]);

  return { battle: state.battle, fresh: state.fresh, skew, emojis, live, replace, refresh: () => refresh.current(), arrivedCount };
}
