import type { ConfigData } from '#app/lib/config.ts';

/**
 * The menus of spec §2. Only pages the store already has are linked; the rest of the spec's
 * menu (bonuses, faq, new cases...) joins as each page ships, so no link leads to a dead end.
 */
export interface NavItem {
  key: string;
  path: string;
  icon: string;
  /** Shown only while this feature flag is on (spec §1). */
  flag?: keyof ConfigData['flags'];
  /** The text's key when it is not `nav.{key}` (a feature that keeps its texts in a file of its own). */
  label?: string;
}

export const desktopMenu: NavItem[] = [
  { key: 'cases', path: '/', icon: '▣' },
  { key: 'battles', path: '/battles', icon: '⚔' },
  { key: 'upgrades', path: '/upgrades', icon: '⇪' },
  { key: 'contracts', path: '/contract', icon: '✎' },
  { key: 'newCases', path: '/event/new-cases', icon: '✧' },
];

export const sideMenu: NavItem[] = [
  { key: 'daily', path: '/daily-cases', icon: '◷' },
  { key: 'top', path: '/leaderboard', icon: '♛' },
  { key: 'event', path: '/event', icon: '✪' },
  { key: 'cases', path: '/', icon: '▣' },
  { key: 'battles', path: '/battles', icon: '⚔' },
  { key: 'upgrades', path: '/upgrades', icon: '⇪' },
  { key: 'contracts', path: '/contract', icon: '✎' },
  { key: 'secret', path: '/offers-shop', icon: '✦' },
  { key: 'inventory', path: '/profile', icon: '◈' },
  { key: 'skinExchange', path: '/skin-exchange', icon: '⇄' },
  { key: 'techies', path: '/sapper', icon: '✹', flag: 'techies', label: 'techies.menu' },
];

/** The header's bottom bar on phones: home and battles on the left... */
export const bottomMenu: NavItem[] = [
  { key: 'home', path: '/', icon: '⌂' },
  { key: 'battles', path: '/battles', icon: '⚔' },
];

/** ...and daily on the right, before the menu button. */
export const bottomMenuRight: NavItem[] = [{ key: 'daily', path: '/daily-cases', icon: '◷' }];

export const socialLinks = ['instagram', 'telegram', 'vk', 'steam'] as const;
