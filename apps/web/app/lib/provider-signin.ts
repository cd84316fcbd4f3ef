import { safeReturnPath, type SigninProvider } from '@store/shared/account';

/**
 * The address that starts a sign-in (or, with `link`, links the provider to the signed-in account).
 * The return path passes the server's own rule, so the page asks only for what will be honoured.
 */
export function providerStartUrl(provider: SigninProvider, returnTo: string, opts: { link?: boolean } = {}): string {
  const q = new URLSearchParams({ return_to: safeReturnPath(returnTo) });
  if (opts.link) q.set('link', '1');
  return `/api/v1/auth/${provider}?${q.toString()}`;
}

/** How the store writes each provider's name in texts. */
export const PROVIDER_NAMES: Record<SigninProvider, string> = { steam: 'Steam', google: 'Google', vk: 'VK' };
