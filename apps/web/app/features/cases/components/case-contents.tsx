import { useState } from 'react';
import { ItemCard } from '#app/components/item-card.tsx';
import type { DropData } from '../api/get-case.ts';
import { ItemPreview } from './item-preview.tsx';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';

/** What the case holds, pricier first, with each drop's published chance; a click shows the item large. */
export function CaseContents({ drops }: { drops: DropData[] }) {
  const t = useT();
  const figure = useFigure();
  const [preview, setPreview] = useState<DropData | null>(null);
  return (
    <section className="case-contents">
      <h2>{t('case.contents')}</h2>
      <div className="item-grid">
        {drops.map((d) => (
          <ItemCard
            key={d.id}
            item={d}
            compact
            onClick={() => setPreview(d)}
            testId="case-drop"
            footer={<span className="chance">{t('case.chance', { value: figure(d.chance, 3) })}</span>}
          />
        ))}
      </div>
      {preview && <ItemPreview drop={preview} onClose={() => setPreview(null)} />}
    </section>
  );
}
