import { stripLang } from '#app/lib/lang.ts';

/** What the root renders instead of the app (spec §2 "Other screens"), first match wins. */
export type ShellScreen = 'tech-work' | 'welcome' | 'app';

/**
 * Pages a guest still reaches while the welcome redirect is on: the landing (its own pitch) and the
 * legal pages the sign-in dialog's consent links to, which a visitor must be able to read before
 * agreeing (decision 025).
 */
export const WELCOME_EXEMPT = ['/land1', '/user-agreement', '/cookies', '/event-condition', '/privacy-policy', '/contacts', '/faq'] as const;

export function shellScreen(opts: { offline: boolean; welcomeRedirect: boolean; signedIn: boolean; pathname: string }): ShellScreen {
  if (opts.offline) return 'tech-work';
  if (opts.welcomeRedirect && !opts.signedIn && !(WELCOME_EXEMPT as readonly string[]).includes(stripLang(opts.pathname))) return 'welcome';
  return 'app';
}
