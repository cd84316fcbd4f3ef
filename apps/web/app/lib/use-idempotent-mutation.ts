import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { NetworkError } from './api.ts';

/** A call that got no answer is tried again this many times, with the same key. */
const NETWORK_RETRIES = 2;
const RETRY_DELAY_MS = 400;

/**
 * Runs a money-moving call once per player action, even when the connection drops. Each
 * `mutate(vars)` makes one Idempotency-Key; a call that got no HTTP answer (it may have run) is
 * retried with that same key, so the server answers the first result instead of charging again.
 * An answer from the server, even an error, is final. A form that keeps its key while it is sent
 * again (the console's balance adjustment) passes it as `key`.
 */
export async function callOnce<T>(call: (idempotencyKey: string) => Promise<T>, key: string = crypto.randomUUID()): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(key);
    } catch (e) {
      if (!(e instanceof NetworkError) || attempt >= NETWORK_RETRIES) throw e;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (attempt + 1)));
    }
  }
}

type Options<TData, TVars> = Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn' | 'retry'> & {
  mutationFn: (vars: TVars, idempotencyKey: string) => Promise<TData>;
};

/** `useMutation` for calls that move money: see `callOnce`. */
export function useIdempotentMutation<TData, TVars = void>({ mutationFn, ...options }: Options<TData, TVars>): UseMutationResult<TData, Error, TVars> {
  return useMutation({ ...options, retry: false, mutationFn: (vars: TVars) => callOnce((key) => mutationFn(vars, key)) });
}
