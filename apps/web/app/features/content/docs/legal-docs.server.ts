import ruAgreement from './ru/agreement.json';
import enAgreement from './en/agreement.json';
import ruCookies from './ru/cookies.json';
import enCookies from './en/cookies.json';
import ruEvent from './ru/event.json';
import enEvent from './en/event.json';
import type { Lang } from '#app/lib/lang.ts';

/**
 * The long bodies of the legal pages (decision 024), kept out of the texts chunk every page loads:
 * only a route's server loader imports this module (`.server` makes the build fail if anything on
 * the client does), and it hands the page the one document in the page's language as loader data.
 * Titles, headings of the page and table labels stay in `pages.json`.
 */
const docs = {
  agreement: { ru: ruAgreement, en: enAgreement },
  cookies: { ru: ruCookies, en: enCookies },
  event: { ru: ruEvent, en: enEvent },
} as const;

export type LegalDocName = keyof typeof docs;
export type LegalDoc<N extends LegalDocName> = (typeof docs)[N]['ru'];

export function legalDoc<N extends LegalDocName>(name: N, lang: Lang): LegalDoc<N> {
  return docs[name][lang];
}

/** Both languages of every document, for the test that holds them to the same shape. */
export const allLegalDocs = docs;
