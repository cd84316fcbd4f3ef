import { useEffect, useRef } from 'react';
import type { BattleData } from '../api/get-battle.ts';
import { useT } from '#app/lib/use-t.ts';
import { Picture } from '#app/components/picture.tsx';

/** The case of every round in order: played ones dimmed, the one in play lit. */
export function RoundCases({ battle, active }: { battle: BattleData; active: number | null }) {
  const t = useT();
  const box = useRef<HTMLOListElement>(null);
  const byslug = new Map(battle.cases.map((l) => [l.case.slug, l.case]));
  useEffect(() => {
    const el = box.current;
    const on = el?.querySelector<HTMLElement>('.is-active');
    if (el && on) el.scrollTo({ left: on.offsetLeft - el.clientWidth / 2 + on.offsetWidth / 2, behavior: 'smooth' });
  }, [active]);
  return (
    <ol className="round-cases" ref={box} aria-label={t('battles.allRounds')}>
      {battle.roundCases.map((slug, i) => {
        const c = byslug.get(slug);
        const round = i + 1;
        const state = round === active ? 'is-active' : active !== null ? (round < active ? 'is-done' : '') : battle.status === 'finished' ? 'is-done' : '';
        return (
          <li key={round} className={state} title={c?.name}>
            {c && <Picture src={c.image} alt={c.name} width={56} height={56} loading="eager" />}
            <small>{round}</small>
          </li>
        );
      })}
    </ol>
  );
}
