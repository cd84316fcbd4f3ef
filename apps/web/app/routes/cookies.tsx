import type { Route } from './+types/cookies';
import { DocPage, type DocBlock, type DocBody } from '#app/features/content/components/doc-page.tsx';
import { StorageTable } from '#app/features/content/components/storage-table.tsx';
import { legalDoc } from '#app/features/content/docs/legal-docs.server.ts';
import { useDocText, useDocVars } from '#app/features/content/hooks/use-doc-text.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** The policy's prose comes from the server, in the page's language, so the texts chunk every page loads stays small (decision 024). */
export function loader({ url }: Route.LoaderArgs) {
  return { doc: legalDoc('cookies', langFromPath(url.pathname)) };
}

/** /cookies (spec §2): what the store keeps in the browser (spec §9 Storage), why and how long. */
export default function Cookies({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const doc = useDocText<{ intro: DocBody[]; sections: DocBlock[] }>(loaderData.doc);
  const { support } = useDocVars();
  const blocks: DocBlock[] = [{ id: 'storage', title: t('pages.cookies.tableTitle'), content: <StorageTable entries={loaderData.doc.entries} /> }, ...doc.sections];
  return (
    <DocPage
      testId="cookies-page"
      title={t('pages.cookies.title')}
      intro={doc.intro}
      blocks={blocks}
      footer={<p className="doc__questions">{t('pages.doc.questions', { mail: support })}</p>}
    />
  );
}

export const ErrorBoundary = RouteError;
