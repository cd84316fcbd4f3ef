import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureUtm, parseUtmRecords } from '@store/shared/utm';

/** Storage key of spec §9. */
const UTM_STORAGE_KEY = 'nuxt-utm-data';

/** Saves the visit's UTM parameters by the rules of spec §5 (shared/utm.ts). */
export function useUtmCapture() {
  const { search } = useLocation();
  useEffect(() => {
    const query = Object.fromEntries(new URLSearchParams(search));
    try {
      const before = parseUtmRecords(localStorage.getItem(UTM_STORAGE_KEY));
      const after = captureUtm(query, before, Date.now());
      if (after !== before) localStorage.setItem(UTM_STORAGE_KEY, JSON.stringify(after));
    } catch {
      // Storage can be unavailable (private mode); UTM capture is best effort.
    }
  }, [search]);
}
