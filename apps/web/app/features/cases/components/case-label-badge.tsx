import type { CaseCardData } from '../api/get-sections.ts';
import { caseCardLabel } from './case-card-label.ts';
import { readableTextOn } from '#app/lib/readable-text.ts';
import { useT } from '#app/lib/use-t.ts';

/** The one label a case card shows, chosen by the precedence of spec §4. */
export function CaseLabelBadge({ card }: { card: CaseCardData }) {
  const label = caseCardLabel(card, useT());
  if (!label) return null;
  return (
    <span
      className={`case-label case-label--${label.kind}`}
      style={label.color ? { background: label.color, color: readableTextOn(label.color) ?? undefined } : undefined}
      data-testid="case-label"
    >
      {label.text}
    </span>
  );
}
