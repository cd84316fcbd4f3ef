import { useRouteLoaderData } from 'react-router';
import type { ConfigData } from './config.ts';

/** Every feature flag of the project configuration (spec §1), as the root loader read it; null before it loaded. */
export function useFlags(): ConfigData['flags'] | null {
  const root = useRouteLoaderData('root') as { config: ConfigData } | undefined;
  return root?.config.flags ?? null;
}

/** One feature flag; off until the configuration is there. */
export function useFlag(name: keyof ConfigData['flags']): boolean {
  return useFlags()?.[name] ?? false;
}
