import { useRouteLoaderData } from 'react-router';
import type { ConfigData } from '#app/lib/config.ts';

/** The project configuration the root loader read (spec §1): contacts, legal data, socials, flags. */
export function useSiteConfig(): ConfigData | null {
  return (useRouteLoaderData('root') as { config: ConfigData } | undefined)?.config ?? null;
}
