import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BundleItem, dailyCasePayResponse, triggersResponse } from '@store/shared/api/payments';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe, useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type InnerOfferData = Camel<z.infer<typeof triggersResponse>>[number];
/** An item a bought case dropped, with its case (the layout reveals it with that case's roulette). */
export type BoughtItem = Camel<BundleItem>;
const triggersKey = ['triggers'] as const;

/**
 * GET /api/v1/triggers: the signed-in player's fired personal offers, newest first. Asked again
 * each time the player reaches another page (spec §7, getOffer on page finish), so an offer an
 * action fired (the case of the day after the balance ran low) shows on the next page rather than
 * after a reload; not on a case's page, where it would cover the roulette.
 */
export function useTriggers() {
  const call = useApi();
  const me = useMe();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: [...triggersKey, me?.userId ?? 0],
    queryFn: () => call<z.infer<typeof triggersResponse>>('/api/v1/triggers'),
    enabled: !!me,
    staleTime: 30_000,
  });
  const firstPage = useRef<string | null>(pathname);
  const { refetch } = query;
  useEffect(() => {
    // The first page's own load has just asked; each page after it asks once more.
    if (firstPage.current === pathname) return;
    firstPage.current = null;
    if (me && !isCasePage(pathname)) void refetch();
  }, [pathname, me, refetch]);
  return query;
}

/** A case's page (`/open/…`, in any language): an offer waits until the roulette's page is left. */
export const isCasePage = (pathname: string): boolean => /(^|\/)open\//.test(pathname);

/** POST /api/v1/triggers/dailycasepay {case_id}, or a dismissal: either way the trigger is done. */
export function useTriggerActions() {
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  const refresh = () => void client.invalidateQueries({ queryKey: triggersKey });
  const pay = useIdempotentMutation({
    mutationFn: (caseId: number, idempotencyKey) => call<z.infer<typeof dailyCasePayResponse>>('/api/v1/triggers/dailycasepay', { body: { case_id: caseId }, idempotencyKey }),
    onSuccess: (res) => {
      // The inventory waits for the bundle's reveal to end (BundleReveal), as any opening does.
      setFinance({ balance: res.balance });
      refresh();
    },
  });
  const close = useMutation({
    mutationFn: (triggerId: number) => call<unknown>(`/api/v1/triggers/${triggerId}/close`, { method: 'POST', body: {} }),
    onSettled: refresh,
  });
  return { pay, close };
}
