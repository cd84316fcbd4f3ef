import { Link } from 'react-router';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** Spec §2: "Page Not Found" with the path, and a way home. */
export function NotFound({ path }: { path: string }) {
  const t = useT();
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
