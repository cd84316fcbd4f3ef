import type { SigninProvider } from '@store/shared/account';
import { SANDBOX_CLIENT_IDS, sandboxPaths, type SandboxIdpSecrets } from '../sandbox/identity-provider.ts';
import type { Fetch, SigninAdapter } from './port.ts';
import { GoogleOidc } from './google-oidc.ts';
import { SteamOpenId } from './steam-openid.ts';
import { VkId } from './vk-id.ts';

export type SigninConfig =
  | { kind: 'sandbox'; secrets: SandboxIdpSecrets; fetch: Fetch }
  | { kind: 'real'; steamApiKey: string; google: { clientId: string; clientSecret: string }; vkClientId: string };

/**
 * The adapter for each provider (decision 022). Real providers live at fixed addresses; the
 * sandbox provider lives on this store, so its adapters are made per origin the store is reached
 * at (PUBLIC_URL, or the request's own when none is set) and kept.
 */
export class SigninAdapters {
  private readonly made = new Map<string, SigninAdapter>();
  constructor(private readonly config: SigninConfig) {}

  for(provider: SigninProvider, origin: string): SigninAdapter {
    const key = this.config.kind === 'real' ? provider : `${provider} ${origin}`;
    let adapter = this.made.get(key);
    if (!adapter) {
      adapter = this.make(provider, origin);
      this.made.set(key, adapter);
    }
    return adapter;
  }

  private make(provider: SigninProvider, origin: string): SigninAdapter {
    const c = this.config;
    if (c.kind === 'real') {
      if (provider === 'steam') {
        return new SteamOpenId({
          opEndpoint: 'https://steamcommunity.com/openid/login',
          claimedIdPrefix: 'https://steamcommunity.com/openid/id/',
          apiBase: 'https://api.steampowered.com',
          apiKey: c.steamApiKey,
          fetch,
        });
      }
      if (provider === 'google') return new GoogleOidc({ issuer: 'https://accounts.google.com', ...c.google, fetch, allowHttp: false });
      return new VkId({ base: 'https://id.vk.com', clientId: c.vkClientId, fetch, allowHttp: false });
    }
    const allowHttp = origin.startsWith('http:');
    if (provider === 'steam') {
      return new SteamOpenId({
        opEndpoint: `${origin}${sandboxPaths.steamOpenId}`,
        claimedIdPrefix: `${origin}${sandboxPaths.steamClaimedId}`,
        apiBase: `${origin}${sandboxPaths.steamApi}`,
        apiKey: c.secrets.steamApiKey,
        fetch: c.fetch,
      });
    }
    if (provider === 'google') {
      return new GoogleOidc({ issuer: `${origin}${sandboxPaths.googleIssuer}`, clientId: SANDBOX_CLIENT_IDS.google, clientSecret: c.secrets.googleSecret, fetch: c.fetch, allowHttp });
    }
    return new VkId({ base: `${origin}${sandboxPaths.vkBase}`, clientId: SANDBOX_CLIENT_IDS.vk, fetch: c.fetch, allowHttp });
  }
}
