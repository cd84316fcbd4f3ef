import type { CSSProperties } from 'react';
import type { SectionData } from '../api/get-sections.ts';
import { CaseCard } from './case-card.tsx';

/** A section of the main page: its title in the section's gradient, then its cards. */
export function CaseSection({ section }: { section: SectionData }) {
  const { appearanceData: look } = section;
  const style = {
    '--section-bg': look.cardsBackground,
    '--section-circle': look.cardsCircle,
    '--section-hover': look.cardsHover,
    '--section-shadow': look.cardsShadow,
  } as CSSProperties;
  return (
    <section className="case-section" style={style} data-testid="case-section">
      <h2 className="case-section__title">
        <span className="case-section__icon" aria-hidden="true">
          {look.title.icon}
        </span>
        <span style={{ backgroundImage: look.title.gradient, color: look.title.gradientText }} className="case-section__text">
          {section.name}
        </span>
      </h2>
      <div className="card-grid">
        {section.cases.map((c) => (
          <CaseCard key={c.id} card={c} />
        ))}
      </div>
    </section>
  );
}
