/**
 * A chunk's loader that fetches it once and shares the promise; one that failed (a lost network,
 * a deploy that removed it) is asked for again by the next call rather than failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  };
}
