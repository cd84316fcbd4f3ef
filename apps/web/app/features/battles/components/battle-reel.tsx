import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { RoundCaseDrop } from '../api/get-round-case.ts';
import { seededRandom } from '#app/lib/seeded-random.ts';
import { Picture } from '#app/components/picture.tsx';

const STRIP_LENGTH = 34;
const WIN_INDEX = 28;

export interface ReelItem {
  name: string;
  image: string;
  rarityColor: string;
}

/**
 * One seat's reel for one round: a column of the round case's items slides under the marker
 * and stops on the drop the server already rolled. Fillers are drawn by the published chances
 * from a generator seeded by the battle, round and seat, so every viewer sees the same strip.
 */
export function BattleReel({ drops, won, seed, duration }: { drops: RoundCaseDrop[]; won: ReelItem; seed: number; duration: number }) {
  const [moving, setMoving] = useState(false);
  const { cards, jitter } = useMemo(() => buildStrip(drops, won, seed), [drops, won, seed]);

  useEffect(() => {
    // Start from rest, then move on the next frame so the transition runs.
    const frame = requestAnimationFrame(() => setMoving(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // The stop is in card sizes from the stylesheet (--reel-h, --reel-card), so a rotated phone still lands on the drop.
  const stop = `calc(var(--reel-h) / 2 - ${(WIN_INDEX + 0.5 + jitter).toFixed(3)} * var(--reel-card) - ${WIN_INDEX} * var(--reel-gap))`;
  const style = { transform: `translate3d(0,${moving ? stop : '0px'},0)`, transitionDuration: moving ? `${duration}ms` : '0ms' } as CSSProperties;
  return (
    <div className="reel" data-testid="battle-reel">
      <div className="reel__marker" aria-hidden="true" />
      <div className="reel__strip" style={style}>
        {cards.map((c, i) => (
          <div key={i} className="reel__card" style={{ '--rarity': c.rarityColor } as CSSProperties}>
            <Picture src={c.image} alt="" width={80} height={60} loading="eager" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A landed drop in the reel's window: the item, its name and price, with a pop. */
export function LandedCard({ item, children }: { item: ReelItem; children?: ReactNode }) {
  return (
    <div className="reel reel--landed" style={{ '--rarity': item.rarityColor } as CSSProperties} data-testid="battle-landed">
      <Picture src={item.image} alt="" width={96} height={72} loading="eager" />
      <span className="reel__name">{item.name}</span>
      {children}
    </div>
  );
}



function buildStrip(drops: RoundCaseDrop[], won: ReelItem, seed: number) {
  const random = seededRandom(seed);
  const total = drops.reduce((s, d) => s + d.chance, 0) || 1;
  const pick = (): ReelItem => {
    let r = random() * total;
    for (const d of drops) {
      r -= d.chance;
      if (r <= 0) return d;
    }
    return drops[drops.length - 1] ?? won;
  };
  const cards: ReelItem[] = [];
  for (let i = 0; i < STRIP_LENGTH; i++) cards.push(i === WIN_INDEX ? won : pick());
  return { cards, jitter: random() * 0.6 - 0.3 };
}
