import { useCallback, useState } from 'react';
import { store, useStoredRaw } from '#app/lib/use-stored.ts';
import { GUIDE_SEEN_KEY } from '#app/lib/storage-keys.ts';
import { parseGuideSeen, type GuideSeen } from './guide-memory.ts';

/**
 * Whether the guide is open and whether this visitor has read it. It never opens by itself (a popup
 * over the first page would stand in the way of the first click); until it is read once, its menu
 * entry carries a "new" mark (decision 025).
 */
export function useGuide() {
  const [open, setOpen] = useState(false);
  // Before hydration (undefined) it counts as read: no mark flashes for someone who read it.
  const raw = useStoredRaw(GUIDE_SEEN_KEY);
  const seen = raw === undefined || parseGuideSeen(raw) !== null;
  const show = useCallback(() => {
    setOpen(true);
    store(GUIDE_SEEN_KEY, { v: 1, at: Date.now() } satisfies GuideSeen);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, seen, show, close };
}
