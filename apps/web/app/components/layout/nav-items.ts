import type { ConfigData } from '#app/lib/config.ts';

type Flags = ConfigData['flags'];
export type FlagKey = keyof Flags;

/** One entry of a menu of spec §2. */
export interface NavItem {
  key: string;
  path: string;
  icon: string;
  /** Shown only while every one of these feature flags is on (spec §1). */
  flags?: FlagKey[];
  /** The text's key when it is not `nav.{key}` (texts kept in a file of their own). */
  label?: string;
}

/** Spec §2, desktop menu: battles, upgrades, contracts, new cases; the header's leaderboard and pf items only under their header flags (both off today, spec §1). */
export const desktopMenu: NavItem[] = [
  { key: 'battles', path: '/battles', icon: '⚔', flags: ['battles'] },
  { key: 'upgrades', path: '/upgrades', icon: '⇪', flags: ['upgrades'] },
  { key: 'contracts', path: '/contract', icon: '✎', flags: ['contract'] },
  { key: 'newCases', path: '/event/new-cases', icon: '✧' },
  { key: 'top', path: '/leaderboard', icon: '♛', flags: ['leaderboard', 'headerLeaderboard'] },
  { key: 'pf', path: '/provably-fair/instructions', icon: '✓', flags: ['pf', 'headerPf'], label: 'shell.nav.pf' },
];

/** Spec §2, side menu: daily, top, secret, bonuses, contracts, upgrades, battles, faq (then three social links). */
export const sideMenu: NavItem[] = [
  { key: 'daily', path: '/daily-cases', icon: '◷' },
  { key: 'top', path: '/leaderboard', icon: '♛', flags: ['leaderboard'] },
  { key: 'secret', path: '/offers-shop', icon: '✦', flags: ['secretShop'] },
  { key: 'bonuses', path: '/bonuses', icon: '✚', flags: ['bonusPage'], label: 'shell.nav.bonuses' },
  { key: 'contracts', path: '/contract', icon: '✎', flags: ['contract'] },
  { key: 'upgrades', path: '/upgrades', icon: '⇪', flags: ['upgrades'] },
  { key: 'battles', path: '/battles', icon: '⚔', flags: ['battles'] },
  { key: 'faq', path: '/faq', icon: '?', label: 'shell.nav.faq' },
];

/**
 * Pages the store has beyond the spec's side menu, kept reachable below it as a block of their
 * own (decision 025): the season's event and the techies game under its flag. The inventory is
 * the header avatar's, skin exchange is reached from the inventory.
 */
export const sideExtras: NavItem[] = [
  { key: 'event', path: '/event', icon: '✪' },
  { key: 'techies', path: '/sapper', icon: '✹', flags: ['techies'], label: 'techies.menu' },
];

/** The header's bottom bar on phones: home and battles on the left... */
export const bottomMenu: NavItem[] = [
  { key: 'home', path: '/', icon: '⌂' },
  { key: 'battles', path: '/battles', icon: '⚔', flags: ['battles'] },
];

/** ...and daily on the right, before the menu button. */
export const bottomMenuRight: NavItem[] = [{ key: 'daily', path: '/daily-cases', icon: '◷' }];

/** The side menu's three social links (spec §2); the Steam profile is the footer's (decision 025). */
export const socialLinks = ['instagram', 'telegram', 'vk'] as const;
export const footerSocials = ['instagram', 'telegram', 'vk', 'steam'] as const;

/** The entries whose feature flags are all on: a switched-off feature leaves no dead link. */
export const visibleItems = (items: readonly NavItem[], flags: Flags): NavItem[] => items.filter((item) => (item.flags ?? []).every((f) => flags[f]));

/** The text key of an entry. */
export const labelOf = (item: NavItem): string => item.label ?? `nav.${item.key}`;

/** The footer's legal pages (spec §2 routes), in the order a visitor reads them. */
export const legalLinks = [
  { key: 'userAgreement', path: '/user-agreement' },
  { key: 'cookies', path: '/cookies' },
  { key: 'eventRules', path: '/event-condition' },
  { key: 'contacts', path: '/contacts' },
  { key: 'faq', path: '/faq' },
] as const;

/** The guide's steps (spec §2 guide modal): top up, open a case, play, withdraw; each links to where it happens. */
export const guideSteps = [
  { key: 'topUp', path: '/refill', icon: '₽' },
  { key: 'openCase', path: '/', icon: '▣' },
  { key: 'play', path: '/upgrades', icon: '⇪' },
  { key: 'withdraw', path: '/profile', icon: '⇱' },
] as const;
