import { useEffect, useMemo, useState } from 'react';
import { CONTRACT_MAX_ITEMS, CONTRACT_MIN_ITEMS } from '@store/shared/constants';
import type { Route } from './+types/contract';
import { useContractPreview } from '#app/features/contracts/api/preview-contract.ts';
import { useContractShown, useSignContract, type ContractResultData } from '#app/features/contracts/api/sign-contract.ts';
import { ContractOutcomes } from '#app/features/contracts/components/contract-outcomes.tsx';
import { ContractSummary } from '#app/features/contracts/components/contract-summary.tsx';
import { Signing } from '#app/features/contracts/components/signing.tsx';
import { useSellItems } from '#app/features/inventory/api/sell-items.ts';
import { useAlert } from '#app/components/alerts.tsx';
import { FairCheckLink } from '#app/components/fair-links.tsx';
import { ItemCard } from '#app/components/item-card.tsx';
import { ItemPicker } from '#app/components/item-picker.tsx';
import { Money } from '#app/components/money.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { requireFeature } from '#app/lib/feature-gate.ts';
import { toggleSelection } from '#app/lib/selection.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useRevealHold } from '#app/lib/use-reveal-hold.ts';
import { useMyItems, type MyItem } from '#app/lib/use-my-items.ts';
import { useFigure } from '#app/lib/use-figure.ts';
import '#app/features/contracts/contracts.css';
import { useT } from '#app/lib/use-t.ts';

/** With the `contract` flag off the page is not there (spec §1). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireFeature({ context, request, url }, 'contract');
  return null;
}

type Phase = { kind: 'pick' } | { kind: 'signing'; result: ContractResultData | null; animated: boolean } | { kind: 'done'; result: ContractResultData; sold: boolean };

/** /contract: trade 3 to 10 items for one drawn from a published table of outcomes. */
export default function Contract() {
  const t = useT();
  const figure = useFigure();
  const me = useMe();
  const alert = useAlert();
  const { openDialog } = useUiState();
  const mine = useMyItems(1, 90);
  const sign = useSignContract();
  const shown = useContractShown();
  // From the click until the prize shows, the live feeds on the page wait.
  const { hold, letGo } = useRevealHold();
  const sell = useSellItems();
  const [selected, setSelected] = useState<Map<number, MyItem>>(new Map());
  const [phase, setPhase] = useState<Phase>({ kind: 'pick' });
  const ids = useMemo(() => [...selected.keys()], [selected]);
  const ready = ids.length >= CONTRACT_MIN_ITEMS && ids.length <= CONTRACT_MAX_ITEMS;
  const preview = useContractPreview(ids, ready && phase.kind === 'pick');
  const stake = Math.round([...selected.values()].reduce((s, i) => s + i.price, 0) * 100) / 100;

  const toggle = (item: MyItem) => {
    const next = toggleSelection(selected, item.id, item, CONTRACT_MAX_ITEMS);
    if (!next) return alert.info(t('contract.pickItems', { min: CONTRACT_MIN_ITEMS, max: CONTRACT_MAX_ITEMS }));
    setSelected(next);
  };

  // The signing animation and the server's answer both have to finish before the result shows.
  const done = (result: ContractResultData): Phase => ({ kind: 'done', result, sold: false });
  const onAnimated = () => setPhase((p) => (p.kind !== 'signing' ? p : p.result ? done(p.result) : { ...p, animated: true }));

  // The prize joins the player's items once it is shown, not while the contract is being signed.
  const shownId = phase.kind === 'done' ? phase.result.id : null;
  useEffect(() => {
    if (shownId === null) return;
    shown();
    letGo();
  }, [shownId, shown, letGo]);

  const onSign = () => {
    if (!me) return openDialog('register');
    setPhase({ kind: 'signing', result: null, animated: false });
    hold();
    sign.mutate(ids, {
      onSuccess: (result) => setPhase((p) => (p.kind !== 'signing' ? p : p.animated ? done(result) : { ...p, result })),
      onError: (e) => {
        letGo();
        alert.error(e.message);
        setPhase({ kind: 'pick' });
      },
    });
  };

  const onSell = () => {
    if (phase.kind !== 'done') return;
    sell.mutate({ ids: [phase.result.item.id] }, { onSuccess: () => setPhase({ ...phase, sold: true }), onError: (e) => alert.error(e.message) });
  };

  const again = () => {
    setSelected(new Map());
    setPhase({ kind: 'pick' });
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('contract.title')}</h1>
        <p className="muted">{t('contract.subtitle', { min: CONTRACT_MIN_ITEMS, max: CONTRACT_MAX_ITEMS })}</p>
      </div>
      <div className="contract-layout">
        <section className="picker">
          <div className="picker__head">
            <h2>{t('upgrade.yourItems')}</h2>
            <span className="muted">{t('contract.pickItems', { min: CONTRACT_MIN_ITEMS, max: CONTRACT_MAX_ITEMS })}</span>
          </div>
          {me ? (
            <ItemPicker items={mine.data?.items} selected={new Set(ids)} max={CONTRACT_MAX_ITEMS} onToggle={toggle} emptyText={t('upgrade.noItems')} testId="contract-item" />
          ) : (
            <p className="empty">{t('contract.signIn')}</p>
          )}
        </section>
        <aside className="contract-side">
          {phase.kind === 'pick' && (
            <>
              <ContractSummary stake={stake} count={ids.length} min={CONTRACT_MIN_ITEMS} max={CONTRACT_MAX_ITEMS} preview={ready ? preview.data : undefined} loading={preview.isFetching} />
              <button type="button" className="btn btn--accent btn--l" disabled={me ? !ready || !preview.data || sign.isPending : false} onClick={onSign} data-testid="contract-sign">
                {me ? t('contract.sign') : t('contract.signIn')}
              </button>
            </>
          )}
          {phase.kind === 'signing' && <Signing onDone={onAnimated} />}
          {phase.kind === 'done' && (
            <div className="contract-result" data-testid="contract-result">
              <h2>{t('contract.result')}</h2>
              <ItemCard item={phase.result.item} testId="contract-prize" />
              <span className="pill">x{figure(phase.result.multiplier, 2)}</span>
              <FairCheckLink kind="contract" id={phase.result.id} />
              <div className="contract-result__actions">
                {phase.sold ? (
                  <p className="sold-note" data-testid="contract-sold">
                    {t('case.soldFor')} <Money value={phase.result.item.price} />
                  </p>
                ) : (
                  <button type="button" className="btn btn--quicksale btn--m" onClick={onSell} disabled={sell.isPending} data-testid="contract-sell">
                    {t('case.sellFor')} <Money value={phase.result.item.price} />
                  </button>
                )}
                <button type="button" className="btn btn--secondary btn--m" onClick={again} data-testid="contract-again">
                  {phase.sold ? t('contract.again') : t('case.keep')}
                </button>
              </div>
            </div>
          )}
        </aside>
      </div>
      {phase.kind === 'pick' && ready && preview.data && <ContractOutcomes outcomes={preview.data.outcomes} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
