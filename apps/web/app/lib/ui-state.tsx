import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthDialog = 'register' | 'login' | null;

interface UiState {
  dialog: AuthDialog;
  openDialog(d: AuthDialog): void;
  menuOpen: boolean;
  setMenuOpen(open: boolean): void;
}

const UiContext = createContext<UiState | null>(null);

/** Which overlay is open: the sign-in dialogs and the side menu are shared by every page. */
export function UiStateProvider({ children }: { children: ReactNode }) {
  const [dialog, openDialog] = useState<AuthDialog>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const value = useMemo(() => ({ dialog, openDialog, menuOpen, setMenuOpen }), [dialog, menuOpen]);
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUiState(): UiState {
  const ctx = useContext(UiContext);
  if (!ctx) throw new Error('useUiState outside UiStateProvider');
  return ctx;
}
