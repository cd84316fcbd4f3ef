import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { UTM_STORAGE_KEY } from '#app/lib/storage-keys.ts';

const holdsRecords = (): boolean => {
  try {
    return !!localStorage.getItem(UTM_STORAGE_KEY);
  } catch {
    return false;
  }
};

/**
 * Saves the visit's UTM parameters (spec §5, utils/utm-visit.ts). The rules are a chunk of their
 * own, fetched after the page shows and only when there is something to do: a visit with tags to
 * record, or stored records that may have expired. Most page views fetch nothing.
 */
export function useUtmCapture() {
  const { search } = useLocation();
  useEffect(() => {
    if (!search.includes('utm_') && !holdsRecords()) return;
    // A chunk that did not come loses this visit's tags: capture is best effort.
    import('../utils/utm-visit.ts').then((m) => m.saveUtmVisit(search), () => undefined);
  }, [search]);
}
