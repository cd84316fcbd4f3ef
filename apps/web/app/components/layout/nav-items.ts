/**
 * The menus of spec §2. Only pages the store already has are linked; the rest of the spec's
 * menu (daily, top, new cases...) joins as each page ships, so no link leads to a dead end.
 */
export interface NavItem {
  key: string;
  path: string;
  icon: string;
}

export const desktopMenu: NavItem[] = [
  { key: 'cases', path: '/', icon: '▣' },
  { key: 'battles', path: '/battles', icon: '⚔' },
  { key: 'upgrades', path: '/upgrades', icon: '⇪' },
  { key: 'contracts', path: '/contract', icon: '✎' },
];

export const sideMenu: NavItem[] = [
  { key: 'cases', path: '/', icon: '▣' },
  { key: 'battles', path: '/battles', icon: '⚔' },
  { key: 'upgrades', path: '/upgrades', icon: '⇪' },
  { key: 'contracts', path: '/contract', icon: '✎' },
  { key: 'secret', path: '/offers-shop', icon: '✦' },
  { key: 'inventory', path: '/profile', icon: '◈' },
];

/** The header's bottom bar on phones: home and battles on the left (the menu button is on the right). */
export const bottomMenu: NavItem[] = [
  { key: 'home', path: '/', icon: '⌂' },
  { key: 'battles', path: '/battles', icon: '⚔' },
];

export const socialLinks = ['instagram', 'telegram', 'vk', 'steam'] as const;
