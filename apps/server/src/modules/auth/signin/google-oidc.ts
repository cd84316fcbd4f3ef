import * as oidc from 'openid-client';
import type { FlowSecrets, Fetch, ProviderProfile, SigninAdapter } from './port.ts';
import { SigninRefused } from './port.ts';

export interface GoogleOidcOptions {
  /** https://accounts.google.com for the real Google; the sandbox issuer otherwise. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  fetch: Fetch;
  /** Plain http is allowed only for the sandbox issuer served by this store. */
  allowHttp: boolean;
}

/**
 * Google through OpenID Connect with openid-client (decision 022): discovery, the authorization
 * code with PKCE (S256), a nonce bound into the ID token and the state checked on return. The
 * library verifies the ID token's signature against the issuer's keys, its issuer, audience,
 * expiry and nonce.
 */
export class GoogleOidc implements SigninAdapter {
  readonly provider = 'google' as const;
  private config: Promise<oidc.Configuration> | null = null;
  constructor(private readonly opts: GoogleOidcOptions) {}

  private configuration(): Promise<oidc.Configuration> {
    this.config ??= oidc
      .discovery(new URL(this.opts.issuer), this.opts.clientId, this.opts.clientSecret, undefined, {
        [oidc.customFetch]: (url, init) => this.opts.fetch(url, init as RequestInit),
        ...(this.opts.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .then((config) => {
        config[oidc.customFetch] = (url, init) => this.opts.fetch(url, init as RequestInit);
        return config;
      })
      .catch((err: unknown) => {
        // A failed discovery is not remembered: the next sign-in tries again.
        this.config = null;
        throw err;
      });
    return this.config;
  }

  async start(flow: FlowSecrets): Promise<URL> {
    const config = await this.configuration().catch(() => {
      throw new SigninRefused('provider discovery failed');
    });
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: flow.callbackUrl,
      scope: 'openid profile email',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
  }

  async finish(callback: URL, flow: FlowSecrets): Promise<ProviderProfile> {
    const config = await this.configuration().catch(() => {
      throw new SigninRefused('provider discovery failed');
    });
    // The library compares the callback with redirect_uri by what it is given: our address, not the proxy's view.
    const current = new URL(flow.callbackUrl);
    current.search = callback.search;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new SigninRefused('no subject in the ID token');
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name : typeof claims.email === 'string' ? claims.email.split('@')[0]! : 'Google';
      return { subject: claims.sub, name, avatar: typeof claims.picture === 'string' ? claims.picture : null };
    } catch (err) {
      if (err instanceof SigninRefused) throw err;
      throw new SigninRefused(`code exchange refused: ${(err as Error).message}`);
    }
  }
}
