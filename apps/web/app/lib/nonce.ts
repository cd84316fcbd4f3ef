import { createContext, useContext } from 'react';

/**
 * This response's CSP nonce: entry.server.tsx provides the one the server made, entry.client.tsx
 * the same value read back from the page, so both renders write the same `nonce` on the scripts
 * and links (a differing one is a hydration mismatch on every page).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/**
 * The nonce the server wrote on the page's scripts. Browsers hide the attribute once parsed
 * (`getAttribute('nonce')` answers ""), but keep it in the element's `nonce` property.
 */
export function documentNonce(doc: Pick<Document, 'querySelector'>): string | undefined {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}
