import type { SigninProvider } from '@store/shared/account';

/** Who the provider says signed in: its own id of the player, a display name and a picture. */
export interface ProviderProfile {
  subject: string;
  name: string;
  avatar: string | null;
}

/** What one sign-in carries from its start to its callback (kept server-side under `state`). */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Our callback address for this provider, exactly as sent at the start. */
  callbackUrl: string;
}

/**
 * The port every sign-in provider sits behind (decision 022). `start` gives the address to send
 * the browser to; `finish` checks what the browser brought back against the flow and the provider
 * and says who signed in, or throws `SigninRefused`.
 */
export interface SigninAdapter {
  readonly provider: SigninProvider;
  start(flow: FlowSecrets): Promise<URL>;
  finish(callback: URL, flow: FlowSecrets): Promise<ProviderProfile>;
}

/** A callback that does not prove who signed in (forged, replayed, cancelled, provider down). */
export class SigninRefused extends Error {
  constructor(
    readonly reason: string,
    readonly code: 'signin_failed' = 'signin_failed',
  ) {
    super(reason);
  }
}

/** How adapters reach their provider; the sandbox provider is reached in-process (signin/setup.ts). */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
