import { useTranslation } from 'react-i18next';
import { useSiteConfig } from './use-site-config.ts';

/** The values a legal text names: the site, its owner's legal data and its addresses, from the configuration. */
export function useDocVars() {
  const config = useSiteConfig();
  return {
    site: config?.title ?? '',
    game: config?.game ?? '',
    beneficiary: config?.legalData.beneficiary ?? '',
    registration: config?.legalData.registrationNumber ?? '',
    address: config?.legalData.address ?? '',
    support: config?.contacts.supportMail ?? '',
  };
}

/**
 * A structured text of pages.json (a list of paragraphs, a list of sections) with the legal data
 * filled in everywhere inside it.
 */
export function useDocText() {
  const { t } = useTranslation();
  const vars = useDocVars();
  return <T>(key: string, extra: Record<string, unknown> = {}): T => t(key, { returnObjects: true, ...vars, ...extra }) as T;
}
