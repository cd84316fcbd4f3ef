import { experimentFlagsResponse } from '@store/shared/api/analytics';
import { CHANGE_MIN_SUM, EXPERIMENTS_FETCH_TIMEOUT_MS, minSumChangedOf, playerSubject } from '@store/shared/analytics';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The experiments service (spec §7, third-party): the variants a subject is given. */
export interface Experiments {
  /** The subject's variants by experiment; null when the service did not answer. */
  variants(subject: string): Promise<Record<string, string> | null>;
}

/**
 * The experiments service over its protocol (`GET {base}/flags?subject=`): the store's sandbox
 * through `app.inject` or a real provider over the network, so the payment minimum the server
 * enforces is decided by the same answer the web shows (decision 051).
 */
export function experimentsOverHttp(opts: { base: string; fetch: Fetch }): Experiments {
  return {
    async variants(subject) {
      try {
        const res = await opts.fetch(`${opts.base}/flags?subject=${encodeURIComponent(subject)}`, { signal: AbortSignal.timeout(EXPERIMENTS_FETCH_TIMEOUT_MS) });
        if (!res.ok) return null;
        const body = (await res.json()) as { data?: unknown };
        const parsed = experimentFlagsResponse.safeParse(body.data);
        return parsed.success ? parsed.data.flags : null;
      } catch {
        return null;
      }
    },
  };
}

/** No experiments service (a production store without a provider or its sandbox): no answer, ever. */
export const noExperiments: Experiments = { variants: async () => null };

/**
 * Whether the change-min-sum experiment changed this player's payment minimum (spec §7):
 * `undefined` when the service gave no answer, and the payment tables' current minimum holds.
 */
export async function minSumChangedFor(experiments: Experiments, userId: number): Promise<boolean | undefined> {
  const variants = await experiments.variants(playerSubject(userId));
  return minSumChangedOf(variants?.[CHANGE_MIN_SUM]);
}
