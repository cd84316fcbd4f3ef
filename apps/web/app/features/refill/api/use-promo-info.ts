import { useEffect, useMemo, useState } from 'react';
import type { PromoInfoWire } from '@store/shared/api/payments';
import { PromoLookup } from '@store/shared/payments/promo';
import { DEBOUNCE_DEFAULT_MS } from '@store/shared/timing';
import { ApiError, type Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type PromoInfoData = Camel<PromoInfoWire>;

/**
 * Live promo info while the player types (spec §5: trimmed, upper-cased, empty ignored, a repeat
 * within 5 s answered from the last lookup, concurrent lookups shared), debounced 250 ms.
 */
export function usePromoInfo(code: string) {
  const call = useApi();
  const lookup = useMemo(
    () => new PromoLookup<PromoInfoData>({ fetch: (c) => call<PromoInfoWire>(`/api/v1/payments/promo/info/${encodeURIComponent(c)}`) }),
    [call],
  );
  const [state, setState] = useState<{ code: string; info: PromoInfoData | null; error: string | null; loading: boolean }>({ code: '', info: null, error: null, loading: false });
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      lookup
        .lookup(code)
        .then((info) => live && setState({ code, info, error: null, loading: false }))
        .catch((e: unknown) => live && setState({ code, info: null, error: e instanceof ApiError ? e.message : String(e), loading: false }));
    }, DEBOUNCE_DEFAULT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code, lookup]);
  return state;
}
