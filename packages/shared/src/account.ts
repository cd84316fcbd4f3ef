/**
 * Pure rules of the player's account (spec §3 User, Subscriptions, Fast mission):
 * what a profile field may hold, the sign-in providers, the subscription channels and the
 * missions with their prizes. The server enforces them; the browser uses them to help.
 */

/** Sign-in providers of spec §1, in the order the sign-in dialog shows them (Steam first). */
export const SIGNIN_PROVIDERS = ['steam', 'google', 'vk'] as const;
export type SigninProvider = (typeof SIGNIN_PROVIDERS)[number];
/** How an account was made (`reg_type`): quick registration or its first provider. */
export type RegType = 'quick' | SigninProvider;

/** How a provider is named to players (error texts take it as `{provider}`). */
export const providerName = (p: SigninProvider): string => ({ steam: 'Steam', google: 'Google', vk: 'VK' })[p];

export const isSigninProvider = (v: unknown): v is SigninProvider => typeof v === 'string' && (SIGNIN_PROVIDERS as readonly string[]).includes(v);

/** The languages of the interface; Russian is the default (spec §1). */
export const LANGUAGES = [
  { iso: 'ru', language: 'Русский' },
  { iso: 'en', language: 'English' },
] as const;
export const DEFAULT_LANGUAGE = 'ru';
/** The locale cookie (spec §9: 365 days): the language a player picked by hand. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export type ProfileField = 'nickname' | 'first_name' | 'last_name' | 'email' | 'city' | 'country';
export type ProfileError = 'profile_nickname' | 'profile_name' | 'profile_email' | 'profile_city' | 'profile_country';

export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 24;
export const NAME_MAX = 50;
export const CITY_MAX = 60;
export const EMAIL_MAX = 254;

// Letters of any script, digits, space and _ . -; no leading or trailing space.
const NICKNAME_RE = /^[\p{L}\p{N}_.-](?:[\p{L}\p{N} _.-]*[\p{L}\p{N}_.-])?$/u;
// A person's name or a city: letters of any script, joined by one space, hyphen or apostrophe.
const WORDS_RE = /^\p{L}+(?:[ '’-]\p{L}+)*$/u;
// One @, a dot in the domain, no spaces: what mail servers accept in practice.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** ISO 3166-1 alpha-2 codes the country field offers (the store's markets first). */
export const COUNTRIES = [
  'RU', 'BY', 'KZ', 'UA', 'UZ', 'KG', 'AM', 'AZ', 'GE', 'MD', 'TJ', 'TM',
  'DE', 'PL', 'CZ', 'LT', 'LV', 'EE', 'FI', 'SE', 'NO', 'DK', 'NL', 'BE', 'FR', 'ES', 'PT', 'IT', 'AT', 'CH', 'GB', 'IE',
  'RS', 'BG', 'RO', 'HU', 'SK', 'SI', 'HR', 'GR', 'CY', 'TR', 'IL', 'AE',
  'US', 'CA', 'BR', 'AR', 'MX', 'CL', 'AU', 'NZ', 'JP', 'KR', 'CN', 'IN', 'TH', 'VN', 'ID', 'PH', 'MY', 'SG',
] as const;

/**
 * Checks one profile field; null when the value may be saved. Values are trimmed first (the
 * server saves the trimmed value); an empty name, city or country clears the field, but a
 * nickname is required.
 */
export function checkProfileField(field: ProfileField, raw: string): ProfileError | null {
  const v = raw.trim();
  switch (field) {
    case 'nickname':
      return [...v].length >= NICKNAME_MIN && [...v].length <= NICKNAME_MAX && NICKNAME_RE.test(v) ? null : 'profile_nickname';
    case 'first_name':
    case 'last_name':
      return v === '' || ([...v].length <= NAME_MAX && WORDS_RE.test(v)) ? null : 'profile_name';
    case 'city':
      return v === '' || ([...v].length <= CITY_MAX && WORDS_RE.test(v)) ? null : 'profile_city';
    case 'email':
      return v === '' || (v.length <= EMAIL_MAX && EMAIL_RE.test(v)) ? null : 'profile_email';
    case 'country':
      return v === '' || (COUNTRIES as readonly string[]).includes(v.toUpperCase()) ? null : 'profile_country';
  }
}

/** E-mail addresses compare without case (what the player typed is what they see). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The avatar a player gets without a provider's picture: a tile of their initial on a colour
 * picked from the player id, so it is stable and differs between neighbours.
 */
export const AVATAR_COLORS = ['#e4ae39', '#eb4b4b', '#d32ce6', '#8847ff', '#4b69ff', '#5e98d9', '#2fb67c', '#cf6a32'] as const;
export const generatedAvatarColor = (userId: number): string => AVATAR_COLORS[Math.abs(userId) % AVATAR_COLORS.length]!;

/** Channels of spec §3 Subscriptions: where the store may write to the player. */
export const SUBSCRIPTION_CHANNELS = ['email', 'steam', 'telegram', 'vk'] as const;
export type SubscriptionChannel = (typeof SUBSCRIPTION_CHANNELS)[number];

/**
 * What a channel needs before a player can subscribe: a confirmed e-mail, or the linked account
 * of that network (the store writes to the Steam or VK account the player signed in with).
 * Telegram needs nothing here: the player starts our bot from the link.
 */
export function channelRequirement(channel: SubscriptionChannel, has: { emailConfirmed: boolean; providers: readonly SigninProvider[] }): 'email_not_confirmed' | 'provider_not_linked' | null {
  if (channel === 'email') return has.emailConfirmed ? null : 'email_not_confirmed';
  if (channel === 'steam' || channel === 'vk') return has.providers.includes(channel) ? null : 'provider_not_linked';
  return null;
}

/** Missions' progress runs 0..3 (spec §3); 3 is done. */
export const MISSION_DONE = 3;

/**
 * Fast missions (spec §3): short first steps, each paid once in GOLD (minor units).
 * - email: a link is sent (1), the address is confirmed (3);
 * - trade_link: the Steam trade link is saved (3);
 * - open_cases: one step per case opened, from the activity stream, up to 3.
 */
export const FAST_MISSIONS = {
  email: { prize: 1000 },
  trade_link: { prize: 1000 },
  open_cases: { prize: 1500 },
} as const;
export type FastMissionType = keyof typeof FAST_MISSIONS;
export const FAST_MISSION_TYPES = Object.keys(FAST_MISSIONS) as FastMissionType[];

/**
 * Social missions: join the store's community on a network, checked with that network through
 * the linked account (a Steam group member, a VK community member). Paid once.
 */
export const SOCIAL_MISSIONS = {
  steam: { prize: 2000 },
  vk: { prize: 2000 },
} as const;
export type SocialMissionType = keyof typeof SOCIAL_MISSIONS;
export const SOCIAL_MISSION_TYPES = Object.keys(SOCIAL_MISSIONS) as SocialMissionType[];

/** Progress of the opening mission: one step per case, capped at done. */
export const openCasesProgress = (casesOpened: number): number => Math.max(0, Math.min(MISSION_DONE, Math.floor(casesOpened)));

/** E-mail mission progress: nothing, a link sent, or confirmed. */
export const emailProgress = (state: { confirmed: boolean; sent: boolean }): number => (state.confirmed ? MISSION_DONE : state.sent ? 1 : 0);

/** Longest return path kept: a page address with its query, never a document's worth. */
export const RETURN_PATH_MAX = 500;
// Any base does: only whether resolving the path leaves it is asked.
const RETURN_BASE = 'http://return.invalid';

/**
 * Whether `path` is safe as a redirect's Location on this site: one leading slash, then no second
 * one or backslash, since browsers read `//host` and `/\host` as another host.
 */
export const isSameOriginPath = (path: string): boolean => /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f\\]/.test(path);

/**
 * Where a sign-in may send the player back: a path of this site, never another host (no open
 * redirect). The path is normalised the way a URL parser does (dot segments, `%2e`) before it is
 * checked, because the redirect is built from the normalised form: `/.//evil.example` would pass
 * as text and become `//evil.example`. Anything else sends the player home.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || !raw || raw.length > RETURN_PATH_MAX || !isSameOriginPath(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, RETURN_BASE);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The normalised form may be longer (non-ASCII is percent-encoded); the raw cap bounds it.
  return url.origin === RETURN_BASE && isSameOriginPath(path) ? path : '/';
}
