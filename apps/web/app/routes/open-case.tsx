import { useState } from 'react';
import { data } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/open-case';
import { getCase } from '#app/features/cases/api/get-case.ts';
import { useOpenCase, type OpeningData } from '#app/features/cases/api/open-case.ts';
import { CaseContents } from '#app/features/cases/components/case-contents.tsx';
import { OpenPanel } from '#app/features/cases/components/open-panel.tsx';
import { OpenResult } from '#app/features/cases/components/open-result.tsx';
import { Roulette } from '#app/features/cases/components/roulette.tsx';
import { useSellItems } from '#app/features/inventory/api/sell-items.ts';
import { useAlert } from '#app/components/alerts.tsx';
import { Money } from '#app/components/money.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe, useSetFinance } from '#app/lib/use-me.ts';
import { openCounts } from '@store/shared/open-counts';

/** /open/{caseName}: the case, its contents, and opening it with the roulette. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(new URL(request.url).pathname));
  try {
    return { detail: await getCase(api.call, params.caseName) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => (page ? [{ title: page.detail.name }] : []);

type Phase = { kind: 'idle' } | { kind: 'spinning'; opens: OpeningData[] } | { kind: 'done'; opens: OpeningData[]; sold: boolean };

export default function OpenCase({ loaderData }: Route.ComponentProps) {
  const { detail } = loaderData;
  const { t } = useTranslation();
  const me = useMe();
  const alert = useAlert();
  const { openDialog } = useUiState();
  const setFinance = useSetFinance();
  const open = useOpenCase(detail.slug);
  const sell = useSellItems();
  const [count, setCount] = useState(() => openCounts({ multifixNumber: detail.multifixNumber, multicastRange: detail.multicastData?.range ?? null, maxMultiOpen: detail.maxMultiOpen })[0]!);
  const [fast, setFast] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const onOpen = () => {
    if (!me) return openDialog('register');
    open.mutate(count, {
      onSuccess: (res) => {
        setFinance({ balance: res.balance });
        setPhase({ kind: 'spinning', opens: res.opens });
      },
      onError: (e) => {
        alert.error(e.message);
        if (e instanceof ApiError && e.code === 'authentication') openDialog('register');
      },
    });
  };

  const onSell = () => {
    if (phase.kind !== 'done') return;
    sell.mutate(
      { ids: phase.opens.map((o) => o.item.id) },
      {
        onSuccess: () => setPhase({ ...phase, sold: true }),
        onError: (e) => alert.error(e.message),
      },
    );
  };

  return (
    <div className="page">
      <div className="open-hero">
        <h1>{detail.name}</h1>
        <p className="muted open-hero__price">
          <Money value={detail.priceData.price} />
          {detail.priceData.oldPrice != null && (
            <s>
              <Money value={detail.priceData.oldPrice} />
            </s>
          )}
        </p>
        {phase.kind === 'idle' && (
          <OpenPanel detail={detail} count={count} onCount={setCount} fast={fast} onFast={setFast} signedIn={!!me} busy={open.isPending} onOpen={onOpen} />
        )}
        {phase.kind === 'spinning' && (
          <>
            <Roulette drops={detail.drops} opens={phase.opens} fast={fast} onDone={() => setPhase({ kind: 'done', opens: phase.opens, sold: false })} />
            <button type="button" className="link-button" onClick={() => setPhase({ kind: 'done', opens: phase.opens, sold: false })} data-testid="skip-spin">
              {t('case.skip')}
            </button>
          </>
        )}
        {phase.kind === 'done' && <OpenResult opens={phase.opens} sold={phase.sold} selling={sell.isPending} onSell={onSell} onAgain={() => setPhase({ kind: 'idle' })} />}
      </div>
      <CaseContents drops={detail.drops} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
