import { useTranslation } from 'react-i18next';
import { PASS_LEVELS } from '@store/shared/battle-pass';
import { DocPage, type DocBlock } from '#app/features/content/components/doc-page.tsx';
import { useDocText, useDocVars } from '#app/features/content/hooks/use-doc-text.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';

/**
 * /event-condition and its alias /privacy-policy (spec §2): the seasonal event's rules, then the
 * privacy policy players who follow the alias expect (decision 024). The same page at both paths.
 */
export default function EventCondition() {
  const { t } = useTranslation();
  const text = useDocText();
  const vars = useDocVars();
  const sub = (blocks: DocBlock[]) => blocks.map((b) => ({ ...b, sub: true }));
  const blocks: DocBlock[] = [
    { id: 'event-rules', title: t('pages.event.rulesTitle') },
    ...sub(text<DocBlock[]>('pages.event.rules', { levels: PASS_LEVELS })),
    { id: 'privacy', title: t('pages.event.privacyTitle') },
    ...sub(text<DocBlock[]>('pages.event.privacy')),
  ];
  return (
    <DocPage
      testId="event-condition-page"
      title={t('pages.event.title')}
      subtitle={t('pages.event.subtitle', { site: vars.site })}
      blocks={blocks}
      footer={<p className="doc__questions">{t('pages.doc.questions', { mail: vars.support })}</p>}
    />
  );
}

export const ErrorBoundary = RouteError;
