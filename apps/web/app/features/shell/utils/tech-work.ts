import { data, isRouteErrorResponse } from 'react-router';
import type { ConfigData } from '#app/lib/config.ts';

/** What the tech-work page needs, carried by the root loader's 503 (spec §2). */
export interface TechWork {
  techWork: true;
  title: string;
  /** Which game's logo the page shows: it has no root data to read it from. */
  project: ConfigData['project'] | null;
  socials: ConfigData['socials'] | null;
}

/**
 * The root loader's answer while the store is offline: thrown, so the status is 503 whatever the
 * pages below would have answered (the first failure from the root down sets it). The server adds
 * Retry-After to it (apps/server/src/http/ssr.ts).
 */
export const techWorkError = (config: ConfigData | null) =>
  data({ techWork: true, title: config?.title ?? 'CaseStore', project: config?.project ?? null, socials: config?.socials ?? null } satisfies TechWork, { status: 503 });

export function techWorkOf(error: unknown): TechWork | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null;
  const body = error.data as Partial<TechWork> | null;
  return body?.techWork === true ? (body as TechWork) : null;
}
