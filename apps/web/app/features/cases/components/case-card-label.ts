import type { TFunction } from 'i18next';
import { caseLabel, type CaseLabel } from '@store/shared/case-label';
import { COIN_CURRENCY } from '@store/shared/constants';
import type { CaseCardData } from '../api/get-sections.ts';

export interface CaseCardLabel {
  kind: CaseLabel['kind'];
  text: string;
  /** The badge's background; null keeps the stylesheet's. */
  color: string | null;
}

/**
 * The one label a case card shows, chosen by the shared precedence of spec §4 from the card as
 * the API sends it, with its text in the page's language. Null when no rule matches.
 */
export function caseCardLabel(card: CaseCardData, t: TFunction): CaseCardLabel | null {
  const label = caseLabel({
    available: card.available,
    isOffer: card.isOffer,
    multifixNumber: card.multifixNumber,
    multicastRange: card.multicastData?.range ?? null,
    label: card.labelData,
    everyNOpenFree: card.everyNOpensFree,
    coinPriced: card.priceData.currency === COIN_CURRENCY,
  });
  if (!label) return null;
  switch (label.kind) {
    case 'ended':
      return { kind: label.kind, text: t('label.ended'), color: '#e5484d' };
    case 'multifix':
      return { kind: label.kind, text: t('label.multifix', { n: label.n }), color: null };
    case 'multicast':
      return { kind: label.kind, text: t('label.multicast', { from: label.from, to: label.to }), color: null };
    case 'named':
    case 'custom':
      return { kind: label.kind, text: label.name, color: label.color };
    case 'new':
      return { kind: label.kind, text: t('label.new'), color: '#2fbf71' };
    case 'free_every':
      return { kind: label.kind, text: t('label.freeEvery', { n: label.n }), color: '#2f9bff' };
    case 'type':
      return { kind: label.kind, text: t(`label.${label.type}`), color: null };
  }
}
