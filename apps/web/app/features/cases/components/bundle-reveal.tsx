import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { BundleItem } from '@store/shared/api/payments';
import { Dialog } from '#app/components/dialog.tsx';
import { ItemCard } from '#app/components/item-card.tsx';
import { Money } from '#app/components/money.tsx';
import type { Camel } from '#app/lib/api.ts';
import { playSound } from '#app/lib/sound-engine.ts';
import { rarest } from '#app/lib/sound-voices.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useRevealHold } from '#app/lib/use-reveal-hold.ts';
import { getCase } from '../api/get-case.ts';
import { Roulette } from './roulette.tsx';
import { useT } from '#app/lib/use-t.ts';

export type BundleItemData = Camel<BundleItem>;

/** The openings of one bundled case, in the bundle's order. */
interface CaseGroup {
  slug: string;
  items: BundleItemData[];
}

/**
 * The cases a bundle (an offer, a trigger's case) opened, revealed as a player expects of any
 * opening, not silently: each case's roulette, all at once, then the list of what dropped with its
 * total, to keep or sell. The items are already the player's; the reveal only shows them, and holds
 * the page's live feeds until it ends (decision 047). Skipping is the fast reveal. The inventory on
 * the page (a profile behind the dialog) is asked again only then, or when the dialog closes early:
 * the buy's answer itself never refreshes it.
 */
export function BundleReveal({
  items,
  sold = false,
  selling = false,
  onSell,
  onClose,
}: {
  items: BundleItemData[];
  sold?: boolean;
  selling?: boolean;
  /** Without it the list offers only to keep the items (they are in the inventory either way). */
  onSell?: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const call = useApi();
  const groups = useMemo(() => groupByCase(items), [items]);
  // Each case's contents fill its strip; a case that cannot be read spins on its won item alone.
  const contents = useQueries({
    queries: groups.map((g) => ({ queryKey: ['case', g.slug], queryFn: () => getCase(call, g.slug), staleTime: 60_000, retry: 0 })),
  });
  const settled = contents.every((q) => !q.isPending);
  const [stopped, setStopped] = useState(0);
  const [skipped, setSkipped] = useState(false);
  const shown = skipped || stopped >= groups.length;

  const { hold, letGo } = useRevealHold();
  useEffect(() => (shown ? letGo() : hold()), [shown, hold, letGo]);
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: ['inventory'] });
    if (shown) refresh();
    return refresh;
  }, [shown, client]);

  return (
    <Dialog title={shown ? t('case.bundleWon') : t('case.bundleOpening')} onClose={onClose} testId="bundle-reveal">
      {!shown && (
        <div className="bundle-reveal__reels" data-testid="bundle-spinning">
          {/* Above the reels, so it stays put while they appear (and on a phone without scrolling). */}
          <button type="button" className="link-button" onClick={() => setSkipped(true)} data-testid="bundle-skip">
            {t('case.skip')}
          </button>
          {settled &&
            groups.map((g, i) => (
              <section key={`${i}-${g.slug}`} className="bundle-reveal__case">
                <h3>{contents[i]?.data?.name ?? g.slug}</h3>
                <Roulette
                  drops={contents[i]?.data?.drops ?? g.items.map((item) => ({ ...item, chance: 1 }))}
                  opens={g.items.map((item) => ({ id: item.id, ticket: item.id, item }))}
                  fast={false}
                  sound={i === 0}
                  onDone={() => setStopped((n) => n + 1)}
                />
              </section>
            ))}
        </div>
      )}
      {shown && <BundleResult items={items} sold={sold} selling={selling} onSell={onSell} onClose={onClose} />}
    </Dialog>
  );
}

function BundleResult({
  items,
  sold,
  selling,
  onSell,
  onClose,
}: {
  items: BundleItemData[];
  sold: boolean;
  selling: boolean;
  onSell?: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const total = items.reduce((s, i) => s + i.price, 0);
  const best = rarest(items.map((i) => i.rarity));
  const chimed = useRef(false);
  useEffect(() => {
    if (chimed.current) return;
    chimed.current = true;
    playSound({ kind: 'win', rarity: best });
  }, [best]);
  return (
    <div className="bundle-reveal__result" data-testid="bundle-result">
      <div className="open-result__items">
        {items.map((item) => (
          <ItemCard key={item.id} item={item} testId="bundle-item" compact />
        ))}
      </div>
      <div className="open-result__actions">
        {sold ? (
          <p className="sold-note" data-testid="bundle-sold">
            {t('case.soldFor')} <Money value={total} />
          </p>
        ) : (
          onSell && (
            <button type="button" className="btn btn--quicksale btn--m" onClick={onSell} disabled={selling} data-testid="bundle-sell">
              {t('case.sellFor')} <Money value={total} />
            </button>
          )
        )}
        <button type="button" className="btn btn--secondary btn--m" onClick={onClose} data-testid="bundle-keep">
          {sold ? t('common.close') : t('case.keep')}
        </button>
      </div>
    </div>
  );
}

function groupByCase(items: BundleItemData[]): CaseGroup[] {
  const groups: CaseGroup[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last?.slug === item.caseSlug) last.items.push(item);
    else groups.push({ slug: item.caseSlug, items: [item] });
  }
  return groups;
}
