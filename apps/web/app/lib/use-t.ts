import { useContext } from 'react';
import { I18nContext } from 'react-i18next';

/**
 * The translate function without useTranslation's per-call wrapper and subscription. Each
 * language has its own fixed i18next instance (lib/i18n.ts), so nothing needs to re-render on a
 * language change; list items (case cards, badges) use this to keep server rendering cheap.
 */
export function useT() {
  return useContext(I18nContext).i18n.t;
}
