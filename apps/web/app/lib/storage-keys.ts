/**
 * Every name the store keeps in a visitor's local or session storage, in one place, so the code
 * and the cookie policy (features/content/utils/storage-inventory.ts) cannot drift apart. Spec §9
 * names five: `locale-changed`, `nuxt-utm-data`, `nuxt-utm-session-id` and `pwa-bonus-earned` are
 * used under exactly those names; `detected-locale` is not written, because the store does not
 * guess a language from the browser (decision 052). The rest are the store's own.
 */

// Local storage: kept until the visitor clears the site's data.

/** A language picked by hand, waiting to be saved to the account (spec §4 Locale). */
export const LOCALE_CHANGED_KEY = 'locale-changed';
/** The UTM records of spec §3/§5. */
export const UTM_STORAGE_KEY = 'nuxt-utm-data';
/** This browser already has the installed app's bonus (spec §9; the server remembers it too). */
export const PWA_BONUS_KEY = 'pwa-bonus-earned';
export const PWA_BANNER_KEY = 'pwa-banner-closed';
export const PUSH_BANNER_KEY = 'push-banner-closed';
/** The endpoint this browser opted in with: a later permission other than granted is a revocation. */
export const PUSH_OPTED_IN_KEY = 'push-opted-in';
/** The cookie consent and the scam warning's dismissal (spec §9: kept in the browser). */
export const CONSENT_KEY = 'store.cookie-consent';
export const SCAM_KEY = 'store.scam-warning';
export const GUIDE_SEEN_KEY = 'guide-seen';
/** The analytics session, renewed after 30 minutes without a hit (spec §4, decision 051). */
export const ANALYTICS_SESSION_KEY = 'analytics-session';
/** The browser's own lasting id: a guest's subject at the experiments service (decision 051). */
export const ANALYTICS_VISITOR_KEY = 'analytics-visitor';
/** The sound switch: one key per signed-in player, one shared by guests (decision 045). */
export const soundKey = (userId: number | null): string => `sound:${userId === null ? 'guest' : `player:${userId}`}`;
/** "Don't ask again for small sums", one per kind of irreversible action (decision 044). */
export const confirmSkipKey = (kind: string): string => `confirm-skip-small:${kind}`;

// Session storage: gone when the tab closes.

/** The browser session the UTM records are saved in (spec §3 sessionId). */
export const UTM_SESSION_KEY = 'nuxt-utm-session-id';
/** The saved query of spec §3/§5 (offerId, rollId). */
export const SAVED_QUERY_KEY = 'saved-query';
/** The marketing session went to the store in this browser session (spec §7). */
export const MARKETING_SENT_KEY = 'marketing-session-sent';
export const RELOAD_GUARD_KEY = 'store.reload-guard';
export const PENDING_NAV_KEY = 'store.pending-navigation';
/** The push banner's turn in this session: `due` after a first win or a daily case, `closed` once closed (lib/push-moment.ts). */
export const PUSH_ASK_KEY = 'push-banner-ask';
