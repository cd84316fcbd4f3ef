import { caseLabel } from '@store/shared/case-label';
import type { CaseCardData } from '../api/get-sections.ts';
import { useT } from '../../../lib/use-t.ts';

/** The one label a case card shows, chosen by the precedence of spec §4. */
export function CaseLabelBadge({ card }: { card: CaseCardData }) {
  const t = useT();
  const label = caseLabel({
    available: card.available,
    isOffer: card.isOffer,
    multifixNumber: card.multifixNumber,
    multicastRange: card.multicastData?.range ?? null,
    label: card.labelData,
    everyNOpenFree: card.everyNOpensFree,
  });
  if (!label) return null;
  let text: string;
  let color: string | null = null;
  switch (label.kind) {
    case 'ended':
      text = t('label.ended');
      color = '#e5484d';
      break;
    case 'multifix':
      text = t('label.multifix', { n: label.n });
      break;
    case 'multicast':
      text = t('label.multicast', { from: label.from, to: label.to });
      break;
    case 'named':
    case 'custom':
      text = label.name;
      color = label.color;
      break;
    case 'new':
      text = t('label.new');
      color = '#2fbf71';
      break;
    case 'free_every':
      text = t('label.freeEvery', { n: label.n });
      color = '#2f9bff';
      break;
    case 'type':
      text = t(`label.${label.type}`);
      break;
  }
  return (
    <span className={`case-label case-label--${label.kind}`} style={color ? { background: color } : undefined} data-testid="case-label">
      {text}
    </span>
  );
}
