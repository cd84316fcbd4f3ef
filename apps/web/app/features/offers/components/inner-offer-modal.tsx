import { useState } from 'react';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useTriggers, type BoughtItem } from '../api/use-triggers.ts';

// Shown only once a trigger fires for the player: fetched then, not with every page.
const InnerOfferDialog = lazyPart(() => import('./inner-offer-dialog.tsx').then((m) => m.InnerOfferDialog));

/**
 * The inner offer modal of spec §4: shown when the player has a fired trigger; buying closes it,
 * and so does dismissing it (the trigger is then closed on the server too).
 */
export function InnerOfferModal({ onBought }: { onBought(items: BoughtItem[]): void }) {
  const triggers = useTriggers();
  const [hidden, setHidden] = useState<number | null>(null);
  const offer = triggers.data?.find((o) => o.triggerId !== hidden);
  if (!offer) return null;
  return <InnerOfferDialog offer={offer} onHide={() => setHidden(offer.triggerId)} onBought={onBought} />;
}
