import { ItemCard } from '#app/components/item-card.tsx';
import type { ContractOutcomeData } from '../api/preview-contract.ts';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';

/** Every item the contract can return, with its chance. */
export function ContractOutcomes({ outcomes }: { outcomes: ContractOutcomeData[] }) {
  const t = useT();
  const figure = useFigure();
  return (
    <section className="case-contents">
      <h2>{t('contract.outcomes')}</h2>
      <div className="item-grid">
        {[...outcomes]
          .sort((a, b) => b.item.price - a.item.price)
          .map((o) => (
            <ItemCard key={`${o.item.id}-${o.ticketFrom}`} item={o.item} compact testId="contract-outcome" footer={<span className="chance">{figure(o.chance, 3)}%</span>} />
          ))}
      </div>
    </section>
  );
}
