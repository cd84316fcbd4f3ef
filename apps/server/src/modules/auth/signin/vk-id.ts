import * as oidc from 'openid-client';
import type { FlowSecrets, Fetch, ProviderProfile, SigninAdapter } from './port.ts';
import { SigninRefused } from './port.ts';

export interface VkIdOptions {
  /** https://id.vk.com for the real VK ID; the sandbox's base otherwise. */
  base: string;
  clientId: string;
  fetch: Fetch;
  allowHttp: boolean;
}

/**
 * VK ID: OAuth 2.1 for a public client, PKCE (S256) and state, through openid-client with VK's
 * endpoints given by hand (VK publishes no discovery document). VK returns `device_id` on the
 * callback, and the code exchange must send it back; the profile comes from `oauth2/user_info`.
 */
export class VkId implements SigninAdapter {
  readonly provider = 'vk' as const;
  private readonly config: oidc.Configuration;
  constructor(private readonly opts: VkIdOptions) {
    this.config = new oidc.Configuration(
      { issuer: opts.base, authorization_endpoint: `${opts.base}/authorize`, token_endpoint: `${opts.base}/oauth2/auth` },
      opts.clientId,
      undefined,
      oidc.None(),
    );
    this.config[oidc.customFetch] = (url, init) => opts.fetch(url, init as RequestInit);
    if (opts.allowHttp) oidc.allowInsecureRequests(this.config);
  }

  async start(flow: FlowSecrets): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.config, {
      response_type: 'code',
      redirect_uri: flow.callbackUrl,
      scope: 'vkid.personal_info',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
    });
  }

  async finish(callback: URL, flow: FlowSecrets): Promise<ProviderProfile> {
    const deviceId = callback.searchParams.get('device_id');
    if (!deviceId) throw new SigninRefused('no device id on the callback');
    const current = new URL(flow.callbackUrl);
    current.search = callback.search;
    let accessToken: string;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        this.config,
        current,
        { pkceCodeVerifier: flow.codeVerifier, expectedState: flow.state },
        { device_id: deviceId, state: flow.state },
      );
      accessToken = tokens.access_token;
    } catch (err) {
      throw new SigninRefused(`code exchange refused: ${(err as Error).message}`);
    }
    const res = await this.opts
      .fetch(`${this.opts.base}/oauth2/user_info`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: this.opts.clientId, access_token: accessToken }).toString(),
      })
      .catch(() => null);
    if (!res?.ok) throw new SigninRefused('profile request failed');
    const body = (await res.json().catch(() => null)) as { user?: { user_id?: string | number; first_name?: string; last_name?: string; avatar?: string } } | null;
    const user = body?.user;
    if (!user?.user_id) throw new SigninRefused('no user in the profile');
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || `VK ${user.user_id}`;
    return { subject: String(user.user_id), name, avatar: user.avatar ?? null };
  }
}
