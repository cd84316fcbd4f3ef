import type { Route } from './+types/event-coin-cases';
import { getEventCases, useEventCases } from '#app/features/event/api/get-event-cases.ts';
import { EventCaseCard } from '#app/features/event/components/event-case-card.tsx';
import { OtherWaysCard } from '#app/features/event/components/other-ways-card.tsx';
import { useEventOutlet } from '#app/features/event/hooks/use-event-outlet.ts';
import { Coins } from '#app/components/event-coin.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** /event/coin-cases: the spend-coins tab (spec §2): cases bought with coins, locked by level, and other ways to get coins. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { cases: await getEventCases(api.call, 'coins').catch(() => null) };
}

export default function EventCoinCases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const me = useMe();
  const { settings } = useEventOutlet();
  const cases = useEventCases('coins', loaderData.cases);
  const list = cases.data ?? [];
  return (
    <>
      <section className="event-section" data-testid="coin-cases">
        <div className="event-section__head">
          <h2 className="event-section__title">{settings?.casesSectionTitles.coinCases || t('event.coinCasesTitle')}</h2>
          {me && (
            <span className="event-section__wallet">
              {t('event.yourCoins')} <Coins value={me.finance.coinBalance} testId="coin-cases-balance" />
            </span>
          )}
        </div>
        {list.length ? (
          <div className="event-grid">
            {list.map((c) => (
              <EventCaseCard key={c.id} card={c} />
            ))}
          </div>
        ) : (
          <p className="empty">{t('event.noCoinCases')}</p>
        )}
      </section>
      <OtherWaysCard />
    </>
  );
}

export const ErrorBoundary = RouteError;
