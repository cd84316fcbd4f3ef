import { Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { hydration } from '#app/lib/hydration.ts';

/**
 * A part of the server-rendered page that hydrates in a pass of its own, after the page around it.
 * React leaves a server-rendered Suspense boundary dehydrated on the first pass and hydrates it
 * later, with its own commit and effects; without boundaries the whole page hydrates in one commit
 * whose effects run as one long task, and a phone answers no tap meanwhile (the total blocking time
 * of docs/performance.md). A tap inside a part not yet hydrated hydrates it at once and is then
 * handled.
 *
 * The server sends the part inline, where it stands (entry.server.tsx), so the first paint has it.
 * The fallback is never shown for what the server rendered; it would only show if something
 * inside suspended after hydration, which nothing wrapped in this does (a lazily loaded part has a
 * boundary of its own, lib/lazy-part.tsx). The first page counts as live once every part has
 * hydrated (lib/hydration.ts).
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  const settled = useRef(false);
  const counted = useRef(false);
  // Runs with the page around it: the part inside may still be waiting for its own pass.
  useEffect(() => {
    if (!settled.current) {
      counted.current = true;
      hydration.partPending();
    }
    return () => {
      if (counted.current) hydration.partSettled();
      counted.current = false;
    };
  }, []);
  const onSettled = useCallback(() => {
    settled.current = true;
    if (counted.current) hydration.partSettled();
    counted.current = false;
  }, []);
  return (
    <Suspense fallback={null}>
      {children}
      <Settled onSettled={onSettled} />
    </Suspense>
  );
}

/** The part's last child: its effect runs once everything before it in the part has hydrated. */
function Settled({ onSettled }: { onSettled(): void }) {
  useEffect(onSettled, [onSettled]);
  return null;
}
