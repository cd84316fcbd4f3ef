import { useState } from 'react';
import { battleVariant, CaseCard } from '#app/components/case-card.tsx';
import { useT } from '#app/lib/use-t.ts';
import type { BattleCaseData, BattleCasesData } from '../api/get-battle-cases.ts';

/** A case as the picker needs it, from a section card or from the recent row. */
export interface PickableCase {
  slug: string;
  name: string;
  image: string;
  color: string;
  price: number;
}

export const fromRecent = (c: BattleCaseData): PickableCase => ({ slug: c.slug, name: c.name, image: c.image, color: c.color, price: c.price });

/** The battle cases by section, the player's recent ones first, with a name search; a click adds one. */
export function CasePicker({ data, counts, onAdd }: { data: BattleCasesData; counts: Map<string, number>; onAdd: (c: PickableCase) => void }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const match = (c: PickableCase) => !q || c.name.toLowerCase().includes(q);
  const sections = data.sections
    .map((s) => ({
      id: s.id,
      name: s.name,
      cases: s.cases
        .filter((c) => c.available && c.battleAllowed)
        .map((c) => ({ slug: c.slug, name: c.name, image: c.appearanceData.image, color: c.appearanceData.color, price: c.priceData.price }))
        .filter(match),
    }))
    .filter((s) => s.cases.length);
  const recent = data.lastCases.map(fromRecent).filter(match);
  return (
    <section className="picker case-picker">
      <div className="picker__head">
        <h2>{t('battles.cases')}</h2>
        <div className="picker__tools">
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('battles.search')} aria-label={t('battles.search')} />
        </div>
      </div>
      {recent.length > 0 && <CaseRow title={t('battles.recent')} cases={recent} counts={counts} onAdd={onAdd} />}
      {sections.map((s) => (
        <CaseRow key={s.id} title={s.name} cases={s.cases} counts={counts} onAdd={onAdd} />
      ))}
    </section>
  );
}

function CaseRow({ title, cases, counts, onAdd }: { title: string; cases: PickableCase[]; counts: Map<string, number>; onAdd: (c: PickableCase) => void }) {
  const t = useT();
  return (
    <div className="case-picker__section">
      <h3>{title}</h3>
      <div className="case-picker__grid">
        {cases.map((c) => {
          const n = counts.get(c.slug) ?? 0;
          return (
            <CaseCard
              key={c.slug}
              variant={battleVariant(n)}
              slug={c.slug}
              name={c.name}
              image={c.image}
              color={c.color}
              price={c.price}
              count={n}
              onAdd={() => onAdd(c)}
              addLabel={t('battles.add')}
            />
          );
        })}
      </div>
    </div>
  );
}
