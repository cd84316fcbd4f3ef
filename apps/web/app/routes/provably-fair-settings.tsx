import { redirect } from 'react-router';
import type { Route } from './+types/provably-fair-settings';
import { getRevealedSeeds } from '#app/features/provably-fair/api/get-revealed-seeds.ts';
import { getSeeds, useSeeds } from '#app/features/provably-fair/api/get-seeds.ts';
import { CurrentSeedCard } from '#app/features/provably-fair/components/current-seed-card.tsx';
import { RevealedHistory } from '#app/features/provably-fair/components/revealed-history.tsx';
import { RotatePanel } from '#app/features/provably-fair/components/rotate-panel.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';

/** /provably-fair/settings: the player's seeds. A guest, or a session that has ended, goes to the instructions (spec §5). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  const instructions = localePath(lang, '/provably-fair/instructions');
  if (!api.token) throw redirect(instructions);
  try {
    const [seeds, revealed] = await Promise.all([getSeeds(api.call), getRevealedSeeds(api.call, 1).catch(() => null)]);
    return { seeds, revealed };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw redirect(instructions);
    throw e;
  }
}

export default function ProvablyFairSettings({ loaderData }: Route.ComponentProps) {
  const seeds = useSeeds(loaderData.seeds);
  return (
    <div className="pf-settings" data-testid="pf-settings">
      <div className="pf-settings__main">
        {seeds.data ? <CurrentSeedCard current={seeds.data.current} /> : <Skeleton height={260} radius={16} />}
        <RotatePanel />
      </div>
      <RevealedHistory initial={loaderData.revealed} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
