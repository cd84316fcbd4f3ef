import { useTranslation } from 'react-i18next';
import { DocPage, type DocBlock, type DocBody } from '#app/features/content/components/doc-page.tsx';
import { StorageTable } from '#app/features/content/components/storage-table.tsx';
import { useDocText, useDocVars } from '#app/features/content/hooks/use-doc-text.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';

/** /cookies (spec §2): what the store keeps in the browser (spec §9 Storage), why and how long. */
export default function Cookies() {
  const { t } = useTranslation();
  const text = useDocText();
  const { support } = useDocVars();
  const blocks: DocBlock[] = [{ id: 'storage', title: t('pages.cookies.tableTitle'), content: <StorageTable /> }, ...text<DocBlock[]>('pages.cookies.sections')];
  return (
    <DocPage
      testId="cookies-page"
      title={t('pages.cookies.title')}
      intro={text<DocBody[]>('pages.cookies.intro')}
      blocks={blocks}
      footer={<p className="doc__questions">{t('pages.doc.questions', { mail: support })}</p>}
    />
  );
}

export const ErrorBoundary = RouteError;
