import { useRouteLoaderData } from 'react-router';
import type { ConfigData } from './config.ts';

/** A feature flag of the project configuration (spec §1), as the root loader read it. */
export function useFlag(name: keyof ConfigData['flags']): boolean {
  const root = useRouteLoaderData('root') as { config: ConfigData } | undefined;
  return root?.config.flags[name] ?? false;
}
