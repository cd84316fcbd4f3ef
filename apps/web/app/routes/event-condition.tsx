import { PASS_LEVELS } from '@store/shared/battle-pass';
import type { Route } from './+types/event-condition';
import { DocPage, type DocBlock } from '#app/features/content/components/doc-page.tsx';
import { legalDoc } from '#app/features/content/docs/legal-docs.server.ts';
import { useDocText, useDocVars } from '#app/features/content/hooks/use-doc-text.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** The rules and the policy come from the server, in the page's language, so the texts chunk every page loads stays small (decision 024). */
export function loader({ url }: Route.LoaderArgs) {
  return { doc: legalDoc('event', langFromPath(url.pathname)) };
}

/**
 * /event-condition and its alias /privacy-policy (spec §2): the seasonal event's rules, then the
 * privacy policy players who follow the alias expect (decision 024). The same page at both paths.
 */
export default function EventCondition({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const doc = useDocText<{ rules: DocBlock[]; privacy: DocBlock[] }>(loaderData.doc, { levels: PASS_LEVELS });
  const vars = useDocVars();
  const sub = (blocks: DocBlock[]) => blocks.map((b) => ({ ...b, sub: true }));
  const blocks: DocBlock[] = [
    { id: 'event-rules', title: t('pages.event.rulesTitle') },
    ...sub(doc.rules),
    { id: 'privacy', title: t('pages.event.privacyTitle') },
    ...sub(doc.privacy),
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
