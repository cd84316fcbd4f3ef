import { redirect } from 'react-router';
import type { ConfigData } from './config.ts';
import { langFromPath, localePath } from './lang.ts';
import { serverApi, type ServerContext } from './server-api.ts';

/**
 * A page behind a feature flag (spec §1): while an operator has the flag off, the page is not
 * there and its loader sends the player to the main page before anything else is fetched (the
 * server refuses the feature's calls too). Called first in the loader with the loader's own
 * arguments; the configuration is the server's live one, so a flag switched a moment ago already counts.
 */
export async function requireFeature(
  { context, request, url }: { context: ServerContext; request: Request; url: URL },
  flag: keyof ConfigData['flags'],
): Promise<void> {
  const lang = langFromPath(url.pathname);
  const config = await serverApi(context, request, lang).call<ConfigData>('/api/v1/config');
  if (!config.flags[flag]) throw redirect(localePath(lang, '/'));
}
