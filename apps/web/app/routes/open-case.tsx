import { useState } from 'react';
import { data, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/open-case';
import { HydrateApart } from '#app/components/hydrate-apart.tsx';
import { getCase, isLevelCase } from '#app/features/cases/api/get-case.ts';
import { coinBalanceBeforeReveal, coinsGained, useOpenCase, type OpeningData } from '#app/features/cases/api/open-case.ts';
import { CaseContents } from '#app/features/cases/components/case-contents.tsx';
import { OpenPanel } from '#app/features/cases/components/open-panel.tsx';
import { OpenResult } from '#app/features/cases/components/open-result.tsx';
import { Roulette } from '#app/features/cases/components/roulette.tsx';
import { useOpeningHold } from '#app/features/cases/hooks/use-opening-hold.ts';
import { PersonalProgress } from '#app/features/event/components/personal-progress.tsx';
import { useSellItems } from '#app/features/inventory/api/sell-items.ts';
import { useAlert } from '#app/components/alerts.tsx';
import { Price } from '#app/components/event-coin.tsx';
import { CaseHistoryLink } from '#app/components/fair-links.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError, isSignInRefusal } from '#app/lib/api.ts';
import { announceExpGain } from '#app/lib/exp-gain.ts';
import { markPushMoment } from '#app/lib/push-moment.ts';
import { useRevealHold } from '#app/lib/use-reveal-hold.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { namedPageHead } from '#app/lib/seo-head.ts';
import { requestHead } from '#app/lib/seo-head.server.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe, useSetFinance } from '#app/lib/use-me.ts';
import type { PublicConfig } from '@store/shared/api/platform';
import { openCounts } from '@store/shared/open-counts';
import '#app/features/cases/cases.css';
import { useT } from '#app/lib/use-t.ts';

/** /open/{caseName}: the case, its contents, and opening it with the roulette. */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  try {
    const [detail, config] = await Promise.all([getCase(api.call, params.caseName), api.call<PublicConfig>('/api/v1/config')]);
    return { detail, head: requestHead(url, config, { caseName: detail.name }) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}

/** The page's head, titled with the case's name by the loader. */
export const meta: Route.MetaFunction = namedPageHead;

/** `coins`: event coins the openings gave; `coinBalance`: the coin wallet after them, shown once the roulette stops. */
type Spun = { opens: OpeningData[]; coins: number; coinBalance: number };
type Phase = { kind: 'idle' } | ({ kind: 'spinning'; exp: number } & Spun) | ({ kind: 'done'; sold: boolean } & Spun);

export default function OpenCase({ loaderData }: Route.ComponentProps) {
  const { detail } = loaderData;
  const t = useT();
  const me = useMe();
  const to = useLocalePath();
  const alert = useAlert();
  const { openDialog } = useUiState();
  const setFinance = useSetFinance();
  // ?free={id}: a free opening the player holds for this case (the daily cases page links here).
  const [params, setParams] = useSearchParams();
  const [freeOpening, setFreeOpening] = useState(() => Number(params.get('free')) || null);
  const [cameForFree] = useState(freeOpening !== null);
  const open = useOpenCase(detail.slug, freeOpening);
  const sell = useSellItems();
  const free = isLevelCase(detail) || freeOpening !== null;
  const paidCount = openCounts({ multifixNumber: detail.multifixNumber, multicastRange: detail.multicastData?.range ?? null, maxMultiOpen: detail.maxMultiOpen })[0]!;
  const [count, setCount] = useState(() => (free ? 1 : paidCount));
  const [fast, setFast] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  // From the click until the roulette stops, news that would give the outcome away (a task this
  // opening completed, counted a moment after it) waits; the task can be counted before the answer.
  const { hold, letGo } = useRevealHold();
  // A skipped roulette still turns on the store's clock: the next opening waits for it.
  const opening = useOpeningHold();

  const onOpen = () => {
    if (!me) return openDialog('register');
    hold();
    open.mutate({ count, fast }, {
      onSuccess: (res) => {
        opening.start(fast);
        setFinance({ balance: res.balance, coinBalance: coinBalanceBeforeReveal(res) });
        setPhase({ kind: 'spinning', opens: res.opens, exp: res.amountExp, coins: coinsGained(res), coinBalance: res.coinBalance });
        if (freeOpening !== null) {
          // Spent: the next opening on this page is a paid one.
          setFreeOpening(null);
          if (!isLevelCase(detail)) setCount(paidCount);
          const next = new URLSearchParams(params);
          next.delete('free');
          setParams(next, { replace: true, preventScrollReset: true });
        }
      },
      onError: (e) => {
        letGo();
        alert.failure(e);
        if (isSignInRefusal(e)) openDialog('login');
      },
    });
  };

  // The item, the experience and the event coins it earned are shown only once the roulette has stopped.
  const onSpun = () => {
    if (phase.kind !== 'spinning') return;
    setPhase({ kind: 'done', opens: phase.opens, coins: phase.coins, coinBalance: phase.coinBalance, sold: false });
    setFinance({ coinBalance: phase.coinBalance });
    announceExpGain(phase.exp);
    letGo();
    // A first win (or a daily case) is when notifications are worth offering: the banner asks on the next calm page.
    markPushMoment();
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
          {free ? (
            <b className="open-hero__free" data-testid="case-free">
              {t('daily.free')}
            </b>
          ) : (
            <span data-testid="case-price" data-currency={detail.priceData.currency}>
              <Price value={detail.priceData.price} currency={detail.priceData.currency} />
            </span>
          )}
          {detail.priceData.oldPrice != null && (
            <s>
              <Price value={detail.priceData.oldPrice} currency={detail.priceData.currency} />
            </s>
          )}
        </p>
        {me && phase.kind === 'idle' && <CaseHistoryLink caseId={detail.id} />}
        {/* An event case (one that pays event coins) tells the player what it has given them so far. */}
        {me && phase.kind === 'idle' && detail.bonuses && <PersonalProgress caseName={detail.slug} />}
        {phase.kind === 'idle' && (
          <OpenPanel detail={detail} free={free} count={count} onCount={setCount} fast={fast} onFast={setFast} signedIn={!!me} busy={open.isPending || opening.held} onOpen={onOpen} />
        )}
        {phase.kind === 'spinning' && (
          <>
            <Roulette drops={detail.drops} opens={phase.opens} fast={fast} onDone={onSpun} />
            <button type="button" className="link-button" onClick={onSpun} data-testid="skip-spin">
              {t('case.skip')}
            </button>
          </>
        )}
        {phase.kind === 'done' && <OpenResult opens={phase.opens} coins={phase.coins} sold={phase.sold} selling={sell.isPending} onSell={onSell} onAgain={() => setPhase({ kind: 'idle' })} />}
        {phase.kind === 'done' && (isLevelCase(detail) || cameForFree) && (
          <Link to={to('/daily-cases')} className="link-button" data-testid="back-to-daily">
            {t('daily.back')}
          </Link>
        )}
      </div>
      {/* The contents, below the opening, hydrate in a pass of their own (decision 056). */}
      <HydrateApart>
        <CaseContents drops={detail.drops} />
      </HydrateApart>
    </div>
  );
}

export const ErrorBoundary = RouteError;
