import { data, useLocation } from 'react-router';
import { NotFound } from '#app/components/not-found.tsx';

/** Any unknown path: the not-found page with status 404 (spec §2). */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound path={useLocation().pathname} />;
}
