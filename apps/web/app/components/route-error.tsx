import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { NotFound } from './not-found.tsx';
import { useT } from '#app/lib/use-t.ts';

/** A page that failed inside the layout: not found, or a plain apology with the header kept. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound path={pathname} />;
  return (
    <div className="not-found" data-testid="route-error">
      <h1>{t('error.title')}</h1>
      <p className="muted">{t('error.text')}</p>
    </div>
  );
}
