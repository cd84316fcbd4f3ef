import { useRouteLoaderData } from 'react-router';
import type { ConfigData } from '#app/lib/config.ts';

/** Each game's letters on the logo's mark; its colours are the theme's (styles/themes.css). */
const MARKS: Record<ConfigData['project'], string> = { cs: 'CS', dota: 'D2' };

/**
 * The logo's mark for the store's game. A page without the root's data (the tech-work page, which
 * replaces the app) names the project itself.
 */
export function LogoMark({ project }: { project?: ConfigData['project'] | null }) {
  const root = useRouteLoaderData('root') as { config?: ConfigData } | undefined;
  return (
    <span className="logo__mark" aria-hidden="true" data-testid="logo-mark">
      {MARKS[project ?? root?.config?.project ?? 'cs']}
    </span>
  );
}
