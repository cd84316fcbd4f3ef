import { createContext, useContext } from 'react';

/**
 * This response's CSP nonce, provided by entry.server.tsx while rendering on the server. In the
 * browser it is undefined: the scripts it guards have already run, and browsers hide it anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
