import { useEffect, type CSSProperties } from 'react';
import { seatsOf, teamOf } from '@store/shared/battle';
import { Money } from '#app/components/money.tsx';
import { useT } from '#app/lib/use-t.ts';
import { playSound } from '#app/lib/sound-engine.ts';
import type { BattleData, BattleDropData, BattleMemberData, BattleRoundData, EmojiData } from '../api/get-battle.ts';
import type { RoundCaseData } from '../api/get-round-case.ts';
import { BattleReel, LandedCard } from './battle-reel.tsx';
import { seedOf } from '#app/lib/seeded-random.ts';
import { FloatingEmojis } from './emoji-bar.tsx';
import { CrownIcon } from './icons.tsx';
import { SeatAvatar } from './seat-avatar.tsx';
import { Picture } from '#app/components/picture.tsx';
import './arena.css';

export interface ArenaProps {
  battle: BattleData;
  /** Rounds the viewer has seen land; the spinning one is not among them yet. */
  shown: BattleRoundData[];
  spinning: BattleRoundData | null;
  spinMs: number;
  /** Whether the result may be shown: finished, and the last reel has stopped. */
  settled: boolean;
  cases: Map<string, RoundCaseData>;
  meId: number | null;
  emojis: (EmojiData & { key: number })[];
  canJoin: boolean;
  busy: boolean;
  onJoin: (seat: number) => void;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The seats side by side (teams apart, a VS between them): who sits there, their running
 * total, their reel for the round in play, and their drops; when it is over, the winners lit
 * and what each seat received.
 */
export function BattleArena(p: ArenaProps) {
  const { battle } = p;
  const seats = Array.from({ length: seatsOf(battle.mode) }, (_, i) => i + 1);
  const bySeat = new Map(battle.members.map((m) => [m.seat, m]));
  // One sound a round, when its reels stop (they all run for spinMs), not one per seat.
  const round = p.spinning?.round ?? null;
  useEffect(() => {
    if (round === null) return;
    const timer = setTimeout(() => playSound({ kind: 'round' }), p.spinMs);
    return () => clearTimeout(timer);
  }, [round, p.spinMs]);
  return (
    <div className={`arena arena--${battle.mode}`} style={{ '--seats': seats.length } as CSSProperties} data-testid="battle-arena">
      {seats.map((seat) => (
        <SeatColumn key={seat} seat={seat} member={bySeat.get(seat) ?? null} newTeam={seat > 1 && teamOf(battle.mode, seat) !== teamOf(battle.mode, seat - 1)} {...p} />
      ))}
    </div>
  );
}

function SeatColumn({
  seat,
  member,
  newTeam,
  battle,
  shown,
  spinning,
  spinMs,
  settled,
  cases,
  meId,
  emojis,
  canJoin,
  busy,
  onJoin,
}: ArenaProps & { seat: number; member: BattleMemberData | null; newTeam: boolean }) {
  const t = useT();
  const drops = shown.map((r) => r.drops.find((d) => d.seat === seat)).filter((d): d is BattleDropData => !!d);
  const total = round2(drops.reduce((s, d) => s + d.item.price, 0));
  const winner = settled && battle.winnerTeam !== null && teamOf(battle.mode, seat) === battle.winnerTeam;
  const loser = settled && !winner;
  const isMe = meId !== null && member?.user?.id === meId;
  const received = settled ? battle.rounds.flatMap((r) => r.drops).filter((d) => (d.toSeat ?? -1) === seat) : [];
  const receivedSum = round2(received.reduce((s, d) => s + d.item.price, 0));
  const spinDrop = spinning?.drops.find((d) => d.seat === seat) ?? null;
  const last = drops[drops.length - 1] ?? null;
  // The server names the sender by seat (member_id is the seat number).
  const seatEmojis = member ? emojis.filter((e) => e.memberId === seat) : [];
  const cls = `seat${winner ? ' is-winner' : ''}${loser ? ' is-loser' : ''}${isMe ? ' is-me' : ''}`;

  let stage;
  if (!member)
    stage = (
      <div className="reel reel--empty">
        {canJoin ? (
          <button type="button" className="btn btn--accent btn--s" disabled={busy} onClick={() => onJoin(seat)} data-testid="battle-join-seat">
            {t('battles.joinSeat')}
          </button>
        ) : (
          <span className="muted">{t('battles.freeSeat')}</span>
        )}
      </div>
    );
  else if (spinning && spinDrop)
    stage = (
      <BattleReel
        key={spinning.round}
        drops={cases.get(spinning.caseSlug)?.drops ?? []}
        won={spinDrop.item}
        seed={seedOf(`${battle.ulid}:${spinning.round}:${seat}`)}
        duration={spinMs}
      />
    );
  else if (last) stage = <LandedCard key={shown.length} item={last.item}><Money value={last.item.price} className="reel__price" /></LandedCard>;
  else
    stage = (
      <div className={`reel reel--empty${battle.status === 'started' ? ' reel--ready' : ''}`}>
        <SeatAvatar member={member} size={56} />
        {battle.status === 'created' && <span className="muted">{t('battles.waiting')}</span>}
      </div>
    );

  return (
    <section className={cls} data-testid="battle-seat" data-seat={seat} data-winner={winner ? 'true' : undefined}>
      {newTeam && <span className="seat__vs">VS</span>}
      <header className="seat__who">
        <SeatAvatar member={member} size={36} />
        <span className="seat__name" data-testid="battle-seat-name">
          {member ? member.name : t('battles.freeSeat')}
          {isMe && <small> · {t('battles.you')}</small>}
        </span>
        {winner && (
          <span className="seat__crown" title={t('battles.winner')}>
            <CrownIcon />
          </span>
        )}
      </header>
      <div className="seat__total" data-testid="battle-seat-total" data-value={total}>
        <Money value={total} />
      </div>
      <div className="seat__stage">
        {stage}
        <FloatingEmojis items={seatEmojis} />
      </div>
      {settled ? (
        <div className="seat__result">
          <span>{winner ? t('battles.won') : t('battles.received')}</span>
          <Money value={winner ? Math.max(receivedSum, member?.won ?? 0) : receivedSum} />
        </div>
      ) : null}
      <ul className="seat__drops">
        {(settled ? received : [...drops].reverse()).map((d, i) => (
          <li key={`${i}:${d.seat}:${d.ticket}`} style={{ '--rarity': d.item.rarityColor } as CSSProperties} title={d.item.name}>
            <Picture src={d.item.image} alt="" width={56} height={42} />
            <Money value={d.item.price} />
          </li>
        ))}
      </ul>
    </section>
  );
}
