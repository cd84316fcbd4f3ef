import type { Route } from './+types/user-agreement';
import { DocPage, type DocBlock, type DocBody } from '#app/features/content/components/doc-page.tsx';
import { legalDoc } from '#app/features/content/docs/legal-docs.server.ts';
import { useDocText, useDocVars } from '#app/features/content/hooks/use-doc-text.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** The agreement comes from the server, in the page's language, so the texts chunk every page loads stays small (decision 024). */
export function loader({ url }: Route.LoaderArgs) {
  return { doc: legalDoc('agreement', langFromPath(url.pathname)) };
}

/** /user-agreement (spec §2): the terms of the store, with the owner's legal data from the configuration. */
export default function UserAgreement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const doc = useDocText<{ intro: DocBody[]; sections: DocBlock[] }>(loaderData.doc);
  const { support } = useDocVars();
  return (
    <DocPage
      testId="agreement-page"
      title={t('pages.agreement.title')}
      intro={doc.intro}
      blocks={doc.sections}
      footer={<p className="doc__questions">{t('pages.doc.questions', { mail: support })}</p>}
    />
  );
}

export const ErrorBoundary = RouteError;
