import { mayDo, type OperatorAction, type OperatorRole } from '@store/shared/operators';

export interface ConsoleSection {
  key: 'dashboard' | 'players' | 'cases' | 'prices' | 'promo-codes' | 'offers' | 'leaderboards' | 'events' | 'withdrawals' | 'payments' | 'payment-settings' | 'flags' | 'audit';
  /** The path after the language prefix. */
  path: string;
  /** What the section reads: a role that may not do it does not see the section. */
  action: OperatorAction;
}

/** The console's side navigation, in its order. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { key: 'dashboard', path: '/admin/dashboard', action: 'dashboard.read' },
  { key: 'players', path: '/admin', action: 'players.read' },
  { key: 'cases', path: '/admin/cases', action: 'cases.read' },
  { key: 'prices', path: '/admin/prices', action: 'prices.read' },
  { key: 'promo-codes', path: '/admin/promo-codes', action: 'promotions.read' },
  { key: 'offers', path: '/admin/offers', action: 'promotions.read' },
  { key: 'leaderboards', path: '/admin/leaderboards', action: 'promotions.read' },
  { key: 'events', path: '/admin/events', action: 'promotions.read' },
  { key: 'withdrawals', path: '/admin/withdrawals', action: 'withdrawals.read' },
  { key: 'payments', path: '/admin/payments', action: 'payments.read' },
  { key: 'payment-settings', path: '/admin/payment-settings', action: 'payments.read' },
  { key: 'flags', path: '/admin/flags', action: 'flags.read' },
  { key: 'audit', path: '/admin/audit', action: 'audit.read' },
];

/** The sections an operator of this role may open, by the shared permission table (decision 029). */
export const consoleSections = (role: OperatorRole | null): ConsoleSection[] => CONSOLE_SECTIONS.filter((s) => mayDo(role, s.action));
