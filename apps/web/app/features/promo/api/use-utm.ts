import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureUtm, parseUtmRecords } from '@store/shared/utm';

/** Storage key of spec §9. */
export const UTM_STORAGE_KEY = 'nuxt-utm-data';

/**
 * What the UTM storage holds after a visit with the query `search` (spec §5, shared/utm.ts), or
 * null when it stays as it is, so an ordinary page view writes nothing.
 */
export function utmStorageAfterVisit(search: string, stored: string | null, now: number): string | null {
  const query = Object.fromEntries(new URLSearchParams(search));
  const after = JSON.stringify(captureUtm(query, parseUtmRecords(stored), now));
  return after === (stored ?? '[]') ? null : after;
}

/** Saves the visit's UTM parameters by the rules of spec §5. */
export function useUtmCapture() {
  const { search } = useLocation();
  useEffect(() => {
    try {
      const after = utmStorageAfterVisit(search, localStorage.getItem(UTM_STORAGE_KEY), Date.now());
      if (after !== null) localStorage.setItem(UTM_STORAGE_KEY, after);
    } catch {
      // Storage can be unavailable (private mode); UTM capture is best effort.
    }
  }, [search]);
}
