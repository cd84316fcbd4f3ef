import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { defaultUpgradeTargetPrice, isUpgradeFeasible, isUpgradePriceDifferenceValid, isUpgradeSumValid, upgradeChance, upgradeTargetRange } from '@store/shared/upgrade';
import type { Route } from './+types/upgrades';
import { getUpgradeRate } from '#app/features/upgrades/api/get-upgrade-rate.ts';
import { getRecentUpgrades } from '#app/features/upgrades/api/get-upgrades.ts';
import { cheapestTargetFrom, useTargetPages, type UniqueItemData } from '#app/features/upgrades/api/get-unique-items.ts';
import { useUpgradeItems, useUpgradeShown, type UpgradeResultData } from '#app/features/upgrades/api/upgrade-items.ts';
import { RecentUpgrades } from '#app/features/upgrades/components/recent-upgrades.tsx';
import { TargetPicker, type TargetSort } from '#app/features/upgrades/components/target-picker.tsx';
import { UpgradeOutcome } from '#app/features/upgrades/components/upgrade-outcome.tsx';
import { UpgradeStage } from '#app/features/upgrades/components/upgrade-stage.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { ItemPicker } from '#app/components/item-picker.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { selectFirst, toggleSelection } from '#app/lib/selection.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { requireFeature } from '#app/lib/feature-gate.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useRevealHold } from '#app/lib/use-reveal-hold.ts';
import { announceExpGain } from '#app/lib/exp-gain.ts';
import { expForSpend } from '@store/shared/levels';
import { toMinor } from '@store/shared/money';
import { useMyItems, type MyItem } from '#app/lib/use-my-items.ts';
import '#app/features/upgrades/upgrades.css';
import { useT } from '#app/lib/use-t.ts';

/** /upgrades: stake up to 15 items on a wheel for a pricier one. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireFeature({ context, request, url }, 'upgrades');
  const api = serverApi(context, request, langFromPath(url.pathname));
  const [rate, recent] = await Promise.all([getUpgradeRate(api.call), getRecentUpgrades(api.call)]);
  return { rate, recent: recent.items };
}

type Phase = { kind: 'pick' } | { kind: 'spinning'; result: UpgradeResultData } | { kind: 'done'; result: UpgradeResultData };

export default function Upgrades({ loaderData }: Route.ComponentProps) {
  const { rate, recent } = loaderData;
  const t = useT();
  const me = useMe();
  const alert = useAlert();
  const { openDialog } = useUiState();
  const mine = useMyItems(1, 90);
  const upgrade = useUpgradeItems();
  const shown = useUpgradeShown();
  // From the click until the wheel stops, the live feeds on the page wait (the player's own upgrade among them).
  const { hold, letGo } = useRevealHold();
  const [selected, setSelected] = useState<Map<number, MyItem>>(new Map());
  const [chosen, setChosen] = useState<UniqueItemData | null>(null);
  const [reversed, setReversed] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TargetSort>('price_asc');
  const [priceFrom, setPriceFrom] = useState('');
  const [priceTo, setPriceTo] = useState('');
  const [quickBusy, setQuickBusy] = useState(false);
  const call = useApi();
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  // ?item=ID (the inventory's "upgrade" on an item) stakes that item once the player's items are in.
  const [params] = useSearchParams();
  const [handOff, setHandOff] = useState(() => Number(params.get('item')) || null);
  const handedOff = handOff !== null ? mine.data?.items.find((i) => i.id === handOff) : undefined;
  if (handOff !== null && mine.data && !mine.isPlaceholderData) {
    setHandOff(null);
    if (handedOff && selected.size === 0) setSelected(new Map([[handedOff.id, handedOff]]));
  }

  const stake = useMemo(() => Math.round([...selected.values()].reduce((s, i) => s + i.price, 0) * 100) / 100, [selected]);
  // Targets cost more than the stake, within the price range the player typed. The target is the
  // player's own pick (from the list or a quick multiplier): a stake alone picks nothing.
  const range = upgradeTargetRange(stake, priceFrom, priceTo);
  const targets = useTargetPages({ search, minPrice: range.min, maxPrice: range.max, sort }, !range.empty);
  const targetItems = useMemo(() => targets.data?.pages.flatMap((p) => p.items), [targets.data]);
  const target = chosen && chosen.priceData.price > stake ? chosen : null;
  const targetPrice = target?.priceData.price ?? 0;
  const chance = target ? upgradeChance(stake, targetPrice, rate.upgradeRate) : 0;
  const tooHigh = !!target && stake > 0 && !isUpgradePriceDifferenceValid(stake, targetPrice, rate.priceMaxDifference);
  const canUpgrade = isUpgradeFeasible(stake, !!target) && isUpgradeSumValid(stake, targetPrice) && !tooHigh && phase.kind === 'pick';

  const toggle = (item: MyItem) => {
    if (phase.kind !== 'pick') return;
    const next = toggleSelection(selected, item.id, item, rate.maxItems);
    if (!next) return alert.info(t('upgrade.pickItems', { n: rate.maxItems }));
    setSelected(next);
    // Spec §4: the wheel direction resets when the selection is emptied.
    if (next.size === 0) setReversed(false);
  };

  const selectAll = () => setSelected(selectFirst(mine.data?.items ?? [], rate.maxItems));

  // A quick multiplier: the cheapest item worth the stake times it (×1.5 is the spec's default factor).
  const quick = async (multiplier: number) => {
    setQuickBusy(true);
    try {
      const found = await cheapestTargetFrom(call, defaultUpgradeTargetPrice(stake, multiplier));
      if (found) setChosen(found);
      else alert.info(t('upgrade.noTargets'));
    } catch (e) {
      alert.error((e as Error).message);
    } finally {
      setQuickBusy(false);
    }
  };

  // The outcome comes into view where the wheel stopped, whatever the window's height (at
  // 1280×800 it fell under the fold).
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase.kind === 'done') outcomeRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [phase.kind]);

  const go = () => {
    if (!me) return openDialog('register');
    if (!target) return;
    hold();
    upgrade.mutate(
      { userItemIds: [...selected.keys()], targetItemId: target.id, reversed },
      {
        onSuccess: (result) => setPhase({ kind: 'spinning', result }),
        onError: (e) => {
          letGo();
          alert.error(e.message);
        },
      },
    );
  };

  const reset = () => {
    setSelected(new Map());
    setChosen(null);
    setReversed(false);
    setPhase({ kind: 'pick' });
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('upgrade.title')}</h1>
        <p className="muted">{t('upgrade.subtitle')}</p>
      </div>
      <div className="open-hero upgrade-hero" data-testid="upgrade-hero" data-phase={phase.kind}>
        <UpgradeStage
          stake={stake}
          stakeCount={selected.size}
          target={target ? { ...target, price: target.priceData.price } : null}
          chance={phase.kind === 'pick' ? chance : phase.result.chance}
          reversed={phase.kind === 'pick' ? reversed : phase.result.rollData.reversed}
          onReverse={() => setReversed(!reversed)}
          ticket={phase.kind === 'pick' ? null : phase.result.roll}
          onSpun={() => {
            if (phase.kind !== 'spinning') return;
            setPhase({ kind: 'done', result: phase.result });
            shown(phase.result);
            letGo();
            // The stake earns experience win or lose; the header shows it once the wheel has stopped.
            announceExpGain(expForSpend(toMinor(phase.result.stake)));
          }}
          canUpgrade={canUpgrade || (!me && stake === 0)}
          busy={upgrade.isPending || phase.kind === 'spinning'}
          onUpgrade={go}
          signedIn={!!me}
          tooHigh={tooHigh}
          onQuick={phase.kind === 'pick' && stake > 0 && me ? quick : undefined}
          quickBusy={quickBusy}
        />
        {phase.kind === 'done' && (
          <div ref={outcomeRef} className="upgrade-hero__outcome">
            <UpgradeOutcome result={phase.result} onAgain={reset} />
          </div>
        )}
      </div>
      {phase.kind === 'pick' && (
        <div className="upgrade-pickers">
          <section className="picker">
            <div className="picker__head">
              <h2>{t('upgrade.yourItems')}</h2>
              <div className="picker__tools">
                <span className="muted">{t('upgrade.pickItems', { n: rate.maxItems })}</span>
                <button type="button" className="btn btn--secondary btn--s" onClick={selectAll} disabled={!mine.data?.items.length} data-testid="upgrade-select-all">
                  {t('upgrade.selectAll', { n: rate.maxItems })}
                </button>
                <button type="button" className="btn btn--secondary btn--s" onClick={reset} disabled={!selected.size}>
                  {t('upgrade.clear')}
                </button>
              </div>
            </div>
            {me ? (
              <ItemPicker items={mine.data?.items} selected={new Set(selected.keys())} max={rate.maxItems} onToggle={toggle} emptyText={t('upgrade.noItems')} testId="upgrade-item" />
            ) : (
              <p className="empty">{t('upgrade.signIn')}</p>
            )}
          </section>
          <TargetPicker
            items={range.empty ? [] : targetItems}
            total={targets.data?.pages[0]?.paginator.total ?? 0}
            hasMore={targets.hasNextPage}
            loadingMore={targets.isFetchingNextPage}
            onMore={() => void targets.fetchNextPage()}
            selectedId={target?.id ?? null}
            onSelect={setChosen}
            search={search}
            onSearch={setSearch}
            sort={sort}
            onSort={setSort}
            priceFrom={priceFrom}
            priceTo={priceTo}
            onPriceFrom={setPriceFrom}
            onPriceTo={setPriceTo}
            rangeEmpty={range.empty}
          />
        </div>
      )}
      <RecentUpgrades initial={recent} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
