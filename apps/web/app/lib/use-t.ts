import { useContext } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/**
 * The translate function, without useTranslation's per-call work: that copies the whole i18next
 * instance into a wrapper for every component it is called in, and a server render makes every
 * component anew, so it cost about a twentieth of the main page's render. Each language has its
 * own fixed i18next instance (lib/i18n.ts), given by the root's provider, so nothing needs to
 * re-render on a language change. Outside a provider (a component rendered alone in a test) it is
 * the instance react-i18next was initialised with.
 */
export function useT() {
  const context = useContext(I18nContext) as { i18n?: ReturnType<typeof getI18n> } | undefined;
  return (context?.i18n ?? getI18n()).t;
}
