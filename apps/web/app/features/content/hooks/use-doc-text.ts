import { fillDoc } from '../utils/fill-doc.ts';
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

/** A legal document from the route's loader (lists of paragraphs and sections) with the legal data filled in everywhere inside it. */
export function useDocText<T>(doc: T, extra: Record<string, unknown> = {}): T {
  const vars = useDocVars();
  return fillDoc(doc, { ...vars, ...extra });
}
