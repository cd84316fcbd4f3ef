import { useEffect, useRef } from 'react';

/**
 * A ref that always holds the latest value, for callbacks a timer or a socket calls later:
 * the timer keeps running across re-renders and still calls the current callback.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
