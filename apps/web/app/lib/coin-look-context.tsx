import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_COIN_LOOK, type CoinLook } from './coin-look.ts';

const CoinLookContext = createContext<CoinLook>(DEFAULT_COIN_LOOK);

/** The event coin's look for everything under it (the layout reads it with the event settings). */
export function CoinLookProvider({ look, children }: { look: CoinLook; children: ReactNode }) {
  return <CoinLookContext.Provider value={look}>{children}</CoinLookContext.Provider>;
}

export const useCoinLook = (): CoinLook => useContext(CoinLookContext);
