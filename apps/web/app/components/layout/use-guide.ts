import { useCallback, useState } from 'react';
import { store, useStoredRaw } from '#app/lib/use-stored.ts';
import { GUIDE_SEEN_KEY } from '#app/lib/storage-keys.ts';
import { parseGuideSeen, type GuideSeen } from './guide-memory.ts';

/**
 * Whether the guide is open. It never opens by itself (a popup over the first page would stand in
 * the way of the first click); until it is read once, its menu entry carries a "new" mark
 * (decision 025, `useGuideSeen`).
 */
export function useGuide() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => {
    setOpen(true);
    store(GUIDE_SEEN_KEY, { v: 1, at: Date.now() } satisfies GuideSeen);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, show, close };
}

/**
 * Whether this visitor has read the guide. Read by the mark itself, not by the layout: the stored
 * value is only known after hydration, and the re-render it causes then should be the mark's, not
 * the whole page's, which would cost a phone a second render. Before hydration (undefined) it
 * counts as read: no mark flashes for someone who read it.
 */
export function useGuideSeen(): boolean {
  const raw = useStoredRaw(GUIDE_SEEN_KEY);
  return raw === undefined || parseGuideSeen(raw) !== null;
}
