import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { DropData } from '../api/get-case.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { seededRandom } from '#app/lib/seeded-random.ts';
import { playSound } from '#app/lib/sound-engine.ts';
import { useRouletteTicks } from '../hooks/use-roulette-ticks.ts';
import { rouletteEasing } from '../utils/roulette-ticks.ts';
import { splitName } from '#app/components/item-card.tsx';
import { CASE_FAST_SPIN_MS, CASE_SPIN_MS } from '@store/shared/reveal';
import { Picture } from '#app/components/picture.tsx';

/** What a strip stops on: an opening's id and ticket seed its look, the item is shown. */
export interface RouletteWin {
  id: number;
  ticket: number;
  item: { image: string; name: string; rarityColor: string };
}

/** What fills a strip: the case's items by their published chances. */
export type StripFill = Pick<DropData, 'image' | 'name' | 'rarityColor' | 'chance'>;

const STRIP_LENGTH = 56;
const WIN_INDEX = 48;

/**
 * The case roulette: a strip of the case's items slides under a marker and stops on the item
 * the server rolled. The fillers are chosen by the published chances, for the look only; the
 * result was fixed before the animation started.
 */
export function Roulette({
  drops,
  opens,
  fast,
  onDone,
  sound = true,
}: {
  drops: StripFill[];
  opens: RouletteWin[];
  fast: boolean;
  onDone: () => void;
  /** Off for all but one of several roulettes played together (a bundle's cases). */
  sound?: boolean;
}) {
  const done = useLatest(onDone);
  const duration = fast ? CASE_FAST_SPIN_MS : CASE_SPIN_MS;
  useEffect(() => {
    // The strips finish together; a timer rather than transitionend, which a hidden tab skips.
    const timer = setTimeout(() => done.current(), duration + 150);
    return () => clearTimeout(timer);
  }, [duration, done]);
  // The opening starts with the strips; the win sounds with the result (open-result.tsx).
  useEffect(() => {
    if (sound) playSound({ kind: 'open' });
  }, [sound]);
  return (
    <div className={`roulette${opens.length > 1 ? ' roulette--multi' : ''}`} data-testid="roulette">
      {opens.map((o, i) => (
        <Strip key={o.id} drops={drops} won={o} duration={duration} compact={opens.length > 2} ticks={sound && i === 0} />
      ))}
    </div>
  );
}

/** `ticks`: this strip's cards tick past the marker (one strip of several, not a chorus). */
function Strip({ drops, won, duration, compact, ticks }: { drops: StripFill[]; won: RouletteWin; duration: number; compact: boolean; ticks: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const pitch = useRef(0);
  const [offset, setOffset] = useState(0);
  const { cards, jitter } = useMemo(() => buildStrip(drops, won), [drops, won]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const card = el.querySelector<HTMLElement>('.roulette__card');
    const width = card?.offsetWidth ?? 120;
    const gap = 8;
    pitch.current = width + gap;
    const target = WIN_INDEX * (width + gap) + width / 2 + jitter * width - el.clientWidth / 2;
    // Start from rest, then move on the next frame so the transition runs.
    const frame = requestAnimationFrame(() => setOffset(target));
    return () => cancelAnimationFrame(frame);
  }, [jitter]);
  useRouletteTicks(box, pitch, ticks ? offset : 0, duration);

  const style = {
    transform: `translate3d(${-offset}px,0,0)`,
    transitionDuration: offset ? `${duration}ms` : '0ms',
    // The ticks are laid out from the same curve.
    transitionTimingFunction: rouletteEasing,
  } as CSSProperties;
  return (
    <div className={`roulette__window${compact ? ' roulette__window--compact' : ''}`} ref={box}>
      <div className="roulette__marker" aria-hidden="true" />
      <div className="roulette__strip" style={style}>
        {cards.map((c, i) => (
          <div key={i} className={`roulette__card${i === WIN_INDEX ? ' roulette__card--won' : ''}`} style={{ '--rarity': c.rarityColor } as CSSProperties}>
            <Picture src={c.image} alt="" width={96} height={72} loading="eager" />
            <RouletteName name={c.name} />
          </div>
        ))}
      </div>
    </div>
  );
}


/**
 * A card's name as the weapon on one line and the skin below it: a long "P250 | …" on one line was
 * cut after the bar, hiding the skin. The skin gets two lines of its own.
 */
function RouletteName({ name }: { name: string }) {
  const [weapon, skin] = splitName(name);
  return skin ? (
    <span className="roulette__name" title={name}>
      <small>{weapon}</small>
      <b>{skin}</b>
    </span>
  ) : (
    <span className="roulette__name" title={name}>
      <b>{weapon}</b>
    </span>
  );
}

function buildStrip(drops: StripFill[], won: RouletteWin) {
  const random = seededRandom(won.id * 100_003 + won.ticket);
  const total = drops.reduce((s, d) => s + d.chance, 0) || 1;
  const pick = () => {
    let r = random() * total;
    for (const d of drops) {
      r -= d.chance;
      if (r <= 0) return d;
    }
    return drops[drops.length - 1]!;
  };
  const cards: { image: string; name: string; rarityColor: string }[] = [];
  for (let i = 0; i < STRIP_LENGTH; i++) {
    if (i === WIN_INDEX) cards.push({ image: won.item.image, name: won.item.name, rarityColor: won.item.rarityColor });
    else if (drops.length) cards.push(pick());
  }
  // Where on the won card the marker stops, so no two spins end exactly alike.
  return { cards, jitter: random() * 0.7 - 0.35 };
}
