import { redirect } from 'react-router';
import type { Route } from './+types/new-cases';
import { langFromPath, localePath } from '#app/lib/lang.ts';

/** /new-cases: the configured newCases redirect to the event's new cases (spec §2). */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(localePath(langFromPath(url.pathname), '/event/new-cases') + url.search, 301);
}

export default function NewCases() {
  return null;
}
