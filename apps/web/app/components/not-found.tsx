import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '#app/lib/use-lang.ts';

/** Spec §2: "Page Not Found" with the path, and a way home. */
export function NotFound({ path }: { path: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="not-found" data-testid="not-found">
      <div className="not-found__code" aria-hidden="true">
        404
      </div>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">
        <code>{path}</code>
      </p>
      <Link to={to('/')} className="btn btn--accent btn--l">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
