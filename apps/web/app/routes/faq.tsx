import type { Route } from './+types/faq';
import { getFaq } from '#app/features/content/api/get-faq.ts';
import { FaqBrowser } from '#app/features/content/components/faq-browser.tsx';
import { useSiteConfig } from '#app/features/content/hooks/use-site-config.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** /faq (spec §2): the store's questions and answers, from `GET /api/v1/page/faq` in the page's language. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  return { faq: await getFaq(serverApi(context, request, lang).call) };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const config = useSiteConfig();
  return (
    <div className="doc doc--faq" data-testid="faq-page">
      <header className="doc__head">
        <h1>{t('pages.faq.title')}</h1>
        <p className="doc__subtitle">{t('pages.faq.subtitle')}</p>
      </header>
      <FaqBrowser categories={loaderData.faq.categories} supportMail={config?.contacts.supportMail ?? null} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
