import { redirect, useSearchParams, type ShouldRevalidateFunction } from 'react-router';
import type { OutcomeKind } from '@store/shared/api/provably-fair';
import type { Route } from './+types/provably-fair-check';
import { getMyOutcomes } from '#app/features/provably-fair/api/get-my-outcomes.ts';
import { getOutcome, useOutcome } from '#app/features/provably-fair/api/get-outcome.ts';
import { ManualCheckForm } from '#app/features/provably-fair/components/manual-check-form.tsx';
import { OutcomeCheck } from '#app/features/provably-fair/components/outcome-check.tsx';
import { OutcomePicker } from '#app/features/provably-fair/components/outcome-picker.tsx';
import { checkTarget } from '#app/features/provably-fair/utils/check-target.ts';
import { fairCheckPath } from '#app/components/fair-links.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * /provably-fair/check: one outcome (`?kind=case&id=123`, the link a result screen shows)
 * recomputed in the browser, the player's own outcomes to pick from, and a manual check.
 * A guest goes to the instructions (spec §5).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  if (!api.token) throw redirect(localePath(lang, '/provably-fair/instructions'));
  const target = checkTarget(url.searchParams);
  const [outcome, mine] = await Promise.all([
    target ? getOutcome(api.call, target.kind, target.id).catch(() => null) : null,
    getMyOutcomes(api.call, null, 1).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 401) throw redirect(localePath(lang, '/provably-fair/instructions'));
      return null;
    }),
  ]);
  return { outcome, mine, origin: url.origin };
}

// Picking another outcome changes only the query: the page fetches it itself and keeps the list where it was.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

export default function ProvablyFairCheck({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const target = checkTarget(params);
  const outcome = useOutcome(target, loaderData.outcome);
  const pick = (kind: OutcomeKind, id: string) => setParams({ kind, id }, { preventScrollReset: true });
  return (
    <div className="pf-check" data-testid="pf-check">
      <div className="pf-check__main">
        {!target ? (
          <p className="empty pf-check__hint">{t('pf.check.pickHint')}</p>
        ) : outcome.data ? (
          <OutcomeCheck
            key={`${target.kind}:${target.id}`}
            outcome={outcome.data}
            shareUrl={`${loaderData.origin}${localePath(lang, fairCheckPath(target.kind, target.id))}`}
          />
        ) : outcome.isError ? (
          <p className="empty" data-testid="pf-outcome-error">
            {outcome.error.message}
          </p>
        ) : (
          <Skeleton height={420} radius={16} />
        )}
        <ManualCheckForm />
      </div>
      <OutcomePicker initial={loaderData.mine} selected={target} onPick={pick} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
