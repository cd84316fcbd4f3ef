import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { DropData } from '../api/get-case.ts';
import type { OpeningData } from '../api/open-case.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { seededRandom } from '#app/lib/seeded-random.ts';

const STRIP_LENGTH = 56;
const WIN_INDEX = 48;
export const SPIN_MS = 5200;
export const FAST_SPIN_MS = 700;

/**
 * The case roulette: a strip of the case's items slides under a marker and stops on the item
 * the server rolled. The fillers are chosen by the published chances, for the look only; the
 * result was fixed before the animation started.
 */
export function Roulette({ drops, opens, fast, onDone }: { drops: DropData[]; opens: OpeningData[]; fast: boolean; onDone: () => void }) {
  const done = useLatest(onDone);
  const duration = fast ? FAST_SPIN_MS : SPIN_MS;
  useEffect(() => {
    // The strips finish together; a timer rather than transitionend, which a hidden tab skips.
    const timer = setTimeout(() => done.current(), duration + 150);
    return () => clearTimeout(timer);
  }, [duration, done]);
  return (
    <div className={`roulette${opens.length > 1 ? ' roulette--multi' : ''}`} data-testid="roulette">
      {opens.map((o) => (
        <Strip key={o.id} drops={drops} won={o} duration={duration} compact={opens.length > 2} />
      ))}
    </div>
  );
}

function Strip({ drops, won, duration, compact }: { drops: DropData[]; won: OpeningData; duration: number; compact: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const { cards, jitter } = useMemo(() => buildStrip(drops, won), [drops, won]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const card = el.querySelector<HTMLElement>('.roulette__card');
    const width = card?.offsetWidth ?? 120;
    const gap = 8;
    const target = WIN_INDEX * (width + gap) + width / 2 + jitter * width - el.clientWidth / 2;
    // Start from rest, then move on the next frame so the transition runs.
    const frame = requestAnimationFrame(() => setOffset(target));
    return () => cancelAnimationFrame(frame);
  }, [jitter]);

  const style = {
    transform: `translate3d(${-offset}px,0,0)`,
    transitionDuration: offset ? `${duration}ms` : '0ms',
  } as CSSProperties;
  return (
    <div className={`roulette__window${compact ? ' roulette__window--compact' : ''}`} ref={box}>
      <div className="roulette__marker" aria-hidden="true" />
      <div className="roulette__strip" style={style}>
        {cards.map((c, i) => (
          <div key={i} className={`roulette__card${i === WIN_INDEX ? ' roulette__card--won' : ''}`} style={{ '--rarity': c.rarityColor } as CSSProperties}>
            <img src={c.image} alt="" width={96} height={72} />
            <span>{c.name}</span>
          </div>
        ))}
      </div>
    </div>
  );
}


function buildStrip(drops: DropData[], won: OpeningData) {
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
