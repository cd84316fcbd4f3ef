/**
 * Everything the store keeps in a visitor's browser (spec §9 Storage), for the cookie policy. The
 * names are written out here because a page may not reach into the modules that own them; a web
 * test holds each one equal to the constant the store really uses, so a renamed key fails it.
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
  { key: 'consent', names: ['store.cookie-consent'], kind: 'local', group: 'necessary' },
  { key: 'reload', names: ['store.reload-guard', 'store.pending-navigation'], kind: 'session', group: 'necessary' },
  { key: 'locale', names: ['locale'], kind: 'cookie', group: 'preferences' },
  { key: 'localeChanged', names: ['locale-changed'], kind: 'local', group: 'preferences' },
  { key: 'scam', names: ['store.scam-warning'], kind: 'local', group: 'preferences' },
  { key: 'guide', names: ['guide-seen'], kind: 'local', group: 'preferences' },
  { key: 'sound', names: ['sound:guest', 'sound:player:<id>'], kind: 'local', group: 'preferences' },
  { key: 'pwa', names: ['pwa-bonus-earned', 'pwa-banner-closed', 'push-banner-closed', 'push-opted-in'], kind: 'local', group: 'preferences' },
  { key: 'utm', names: ['nuxt-utm-data'], kind: 'local', group: 'marketing' },
  { key: 'ads', names: ['_fbp', '_fbc'], kind: 'cookie', group: 'marketing' },
  { key: 'marketingSent', names: ['marketing-session-sent'], kind: 'session', group: 'marketing' },
];

export const STORAGE_GROUPS: readonly StorageGroup[] = ['necessary', 'preferences', 'marketing'];
