import { LOCALE_COOKIE } from '@store/shared/account';
import { VIEWPORT_COOKIE } from '#app/lib/device-class.ts';
import { SCAM_COOKIE } from '#app/lib/scam-cookie.ts';
import * as keys from '#app/lib/storage-keys.ts';

/**
 * Everything the store keeps in a visitor's browser (spec §9 Storage and cookies), for the cookie
 * policy. Storage names come from lib/storage-keys.ts; a web test holds this list equal to every
 * key there and every cookie the store sets, so a key added without a line here fails it.
 */
export type StorageKind = 'cookie' | 'local' | 'session';
export type StorageGroup = 'necessary' | 'preferences' | 'marketing';

export interface StorageEntry {
  /** The key in the cookie policy's `entries` (features/content/docs/{ru,en}/cookies.json). */
  key: string;
  names: string[];
  kind: StorageKind;
  group: StorageGroup;
}

export const STORAGE_ENTRIES: readonly StorageEntry[] = [
  { key: 'session', names: ['tastyToken'], kind: 'cookie', group: 'necessary' },
  { key: 'signinState', names: ['signin_state'], kind: 'cookie', group: 'necessary' },
  { key: 'consent', names: [keys.CONSENT_KEY], kind: 'local', group: 'necessary' },
  { key: 'reload', names: [keys.RELOAD_GUARD_KEY, keys.PENDING_NAV_KEY], kind: 'session', group: 'necessary' },
  { key: 'savedQuery', names: [keys.SAVED_QUERY_KEY], kind: 'session', group: 'necessary' },
  { key: 'locale', names: [LOCALE_COOKIE], kind: 'cookie', group: 'preferences' },
  { key: 'viewport', names: [VIEWPORT_COOKIE], kind: 'cookie', group: 'preferences' },
  { key: 'localeChanged', names: [keys.LOCALE_CHANGED_KEY], kind: 'local', group: 'preferences' },
  { key: 'scam', names: [keys.SCAM_KEY], kind: 'local', group: 'preferences' },
  { key: 'scamCookie', names: [SCAM_COOKIE], kind: 'cookie', group: 'preferences' },
  { key: 'guide', names: [keys.GUIDE_SEEN_KEY], kind: 'local', group: 'preferences' },
  { key: 'sound', names: [keys.soundKey(null), keys.soundKey(0).replace(/0$/, '<id>')], kind: 'local', group: 'preferences' },
  { key: 'confirm', names: [keys.confirmSkipKey('<action>')], kind: 'local', group: 'preferences' },
  { key: 'pwa', names: [keys.PWA_BONUS_KEY, keys.PWA_BANNER_KEY, keys.PUSH_BANNER_KEY, keys.PUSH_OPTED_IN_KEY], kind: 'local', group: 'preferences' },
  { key: 'pushAsk', names: [keys.PUSH_ASK_KEY], kind: 'session', group: 'preferences' },
  { key: 'utm', names: [keys.UTM_STORAGE_KEY], kind: 'local', group: 'marketing' },
  { key: 'utmSession', names: [keys.UTM_SESSION_KEY], kind: 'session', group: 'marketing' },
  { key: 'ads', names: ['_fbp', '_fbc'], kind: 'cookie', group: 'marketing' },
  { key: 'marketingSent', names: [keys.MARKETING_SENT_KEY], kind: 'session', group: 'marketing' },
  { key: 'analytics', names: [keys.ANALYTICS_SESSION_KEY, keys.ANALYTICS_VISITOR_KEY], kind: 'local', group: 'marketing' },
];

export const STORAGE_GROUPS: readonly StorageGroup[] = ['necessary', 'preferences', 'marketing'];
