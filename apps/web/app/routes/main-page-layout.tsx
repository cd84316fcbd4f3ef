import { Outlet } from 'react-router';
import type { LayoutHandle } from '#app/components/layout/layout-handle.ts';
import { Highlights } from '#app/features/shell/components/highlights.tsx';
import { useT } from '#app/lib/use-t.ts';

export const handle: LayoutHandle = { layout: 'main-page' };

/**
 * The main-page layout (spec §2): the index inside the default layout, followed by what the store
 * promises (the SEO text of spec §1: withdrawal to Steam within a minute) for first-time visitors
 * and search engines alike.
 */
export default function MainPageLayout() {
  const t = useT();
  return (
    <div className="main-page" data-testid="main-page">
      <Outlet />
      <section className="page main-page__about" aria-labelledby="about-store">
        <h2 id="about-store">{t('shell.mainPage.title')}</h2>
        <p className="muted">{t('shell.mainPage.text')}</p>
        <Highlights />
      </section>
    </div>
  );
}
