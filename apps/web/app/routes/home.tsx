import type { CSSProperties } from 'react';
import type { Route } from './+types/home';
import { getMainSections } from '#app/features/cases/api/get-sections.ts';
import { CaseSection } from '#app/features/cases/components/case-section.tsx';
import { getEventBanners } from '#app/features/event/api/get-event-banners.ts';
import { EventBanners } from '#app/features/event/components/event-banners.tsx';
import { FeatureBanners } from '#app/features/promo-banners/components/feature-banners.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { Picture } from '#app/components/picture.tsx';
import { HydrateApart } from '#app/components/hydrate-apart.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The main page: the running event's banners, then the case sections of the catalogue. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  // The banners fail quietly: the page is the cases.
  const [sections, banners] = await Promise.all([getMainSections(api.call), getEventBanners(api.call).catch(() => [])]);
  return { sections, banners };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // The banner shows three of the store's cases fanned out (a blurred blob showed no case at all).
  const fanned = loaderData.sections.flatMap((s) => s.cases).slice(0, 3);
  return (
    <div className="page">
      <div className="hero">
        <div>
          <h1>{t('home.title')}</h1>
          <p className="muted">{t('home.subtitle')}</p>
        </div>
        <div className="hero__art" aria-hidden="true" data-testid="hero-art">
          {fanned.map((c, i) => (
            <Picture key={c.slug} src={c.appearanceData.image} alt="" width={110} height={110} style={{ '--i': i } as CSSProperties} loading="eager" />
          ))}
        </div>
      </div>
      {loaderData.banners.length > 0 && <EventBanners banners={loaderData.banners} />}
      <FeatureBanners />
      {/* Each shelf hydrates in a pass of its own (decision 056): the main page is mostly shelves. */}
      {loaderData.sections.map((s) => (
        <HydrateApart key={s.id}>
          <CaseSection section={s} />
        </HydrateApart>
      ))}
    </div>
  );
}
