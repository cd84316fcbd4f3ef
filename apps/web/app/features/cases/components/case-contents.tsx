import { useTranslation } from 'react-i18next';
import { ItemCard } from '#app/components/item-card.tsx';
import type { DropData } from '../api/get-case.ts';

/** What the case holds, pricier first, with each drop's published chance. */
export function CaseContents({ drops }: { drops: DropData[] }) {
  const { t } = useTranslation();
  return (
    <section className="case-contents">
      <h2>{t('case.contents')}</h2>
      <div className="item-grid">
        {drops.map((d) => (
          <ItemCard key={d.id} item={d} compact footer={<span className="chance">{t('case.chance', { value: d.chance.toFixed(3) })}</span>} />
        ))}
      </div>
    </section>
  );
}
