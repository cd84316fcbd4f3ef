import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultUpgradeTargetPrice, isUpgradeFeasible, isUpgradePriceDifferenceValid, isUpgradeSumValid, upgradeChance } from '@store/shared/upgrade';
import type { Route } from './+types/upgrades';
import { getUpgradeRate } from '#app/features/upgrades/api/get-upgrade-rate.ts';
import { getRecentUpgrades } from '#app/features/upgrades/api/get-upgrades.ts';
import { useUniqueItems, type UniqueItemData } from '#app/features/upgrades/api/get-unique-items.ts';
import { useUpgradeItems, type UpgradeResultData } from '#app/features/upgrades/api/upgrade-items.ts';
import { RecentUpgrades } from '#app/features/upgrades/components/recent-upgrades.tsx';
import { TargetPicker } from '#app/features/upgrades/components/target-picker.tsx';
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
import { announceExpGain } from '#app/lib/exp-gain.ts';
import { expForSpend } from '@store/shared/levels';
import { toMinor } from '@store/shared/money';
import { useMyItems, type MyItem } from '#app/lib/use-my-items.ts';

/** /upgrades: stake up to 15 items on a wheel for a pricier one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireFeature(context, request, 'upgrades');
  const api = serverApi(context, request, langFromPath(new URL(request.url).pathname));
  const [rate, recent] = await Promise.all([getUpgradeRate(api.call), getRecentUpgrades(api.call)]);
  return { rate, recent: recent.items };
}

type Phase = { kind: 'pick' } | { kind: 'spinning'; result: UpgradeResultData } | { kind: 'done'; result: UpgradeResultData };

export default function Upgrades({ loaderData }: Route.ComponentProps) {
  const { rate, recent } = loaderData;
  const { t } = useTranslation();
  const me = useMe();
  const alert = useAlert();
  const { openDialog } = useUiState();
  const mine = useMyItems(1, 90);
  const upgrade = useUpgradeItems();
  const [selected, setSelected] = useState<Map<number, MyItem>>(new Map());
  const [chosen, setChosen] = useState<UniqueItemData | null>(null);
  const [reversed, setReversed] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<'price_asc' | 'price_desc'>('price_asc');
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
  // Targets cost more than the stake; by default the one nearest the stake times the price factor.
  const targets = useUniqueItems({ search, minPrice: stake, sort });
  const suggestion = useUniqueItems({ search: '', minPrice: defaultUpgradeTargetPrice(stake, rate.priceFactor), sort: 'price_asc', perPage: 1 }, stake > 0);
  const target = chosen && chosen.priceData.price > stake ? chosen : stake > 0 ? (suggestion.data?.items[0] ?? null) : null;
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

  const go = () => {
    if (!me) return openDialog('register');
    if (!target) return;
    upgrade.mutate(
      { userItemIds: [...selected.keys()], targetItemId: target.id, reversed },
      {
        onSuccess: (result) => setPhase({ kind: 'spinning', result }),
        onError: (e) => alert.error(e.message),
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
      <div className="open-hero upgrade-hero">
        <UpgradeStage
          stake={stake}
          stakeCount={selected.size}
          target={target ? { ...target, price: target.priceData.price } : null}
          chance={phase.kind === 'pick' ? chance : phase.result.chance}
          reversed={phase.kind === 'pick' ? reversed : phase.result.roll.reversed}
          onReverse={() => setReversed(!reversed)}
          ticket={phase.kind === 'pick' ? null : phase.result.roll.ticket}
          onSpun={() => {
            if (phase.kind !== 'spinning') return;
            setPhase({ kind: 'done', result: phase.result });
            // The stake earns experience win or lose; the header shows it once the wheel has stopped.
            announceExpGain(expForSpend(toMinor(phase.result.stake)));
          }}
          canUpgrade={canUpgrade || (!me && stake === 0)}
          busy={upgrade.isPending || phase.kind === 'spinning'}
          onUpgrade={go}
          signedIn={!!me}
          tooHigh={tooHigh}
        />
        {phase.kind === 'done' && <UpgradeOutcome result={phase.result} onAgain={reset} />}
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
          <TargetPicker items={targets.data?.items} loading={false} selectedId={target?.id ?? null} onSelect={setChosen} search={search} onSearch={setSearch} sort={sort} onSort={setSort} />
        </div>
      )}
      <RecentUpgrades initial={recent} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
