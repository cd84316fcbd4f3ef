import { useTranslation } from 'react-i18next';
import { DocPage, type DocBlock, type DocBody } from '#app/features/content/components/doc-page.tsx';
import { useDocText, useDocVars } from '#app/features/content/hooks/use-doc-text.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';

/** /user-agreement (spec §2): the terms of the store, with the owner's legal data from the configuration. */
export default function UserAgreement() {
  const { t } = useTranslation();
  const text = useDocText();
  const { support } = useDocVars();
  return (
    <DocPage
      testId="agreement-page"
      title={t('pages.agreement.title')}
      intro={text<DocBody[]>('pages.agreement.intro')}
      blocks={text<DocBlock[]>('pages.agreement.sections')}
      footer={<p className="doc__questions">{t('pages.doc.questions', { mail: support })}</p>}
    />
  );
}

export const ErrorBoundary = RouteError;
