import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A rarely shown part of the page (a dialog, a banner) as a chunk of its own, fetched the first
 * time it renders, so the main page's scripts leave it out (README, page weight). It renders
 * nothing until its chunk has come: render it only once it is due, and only for what floats
 * over the page, never for what takes room in it. A chunk that cannot load (a deploy removed it:
 * use-chunk-reload.ts reloads the page) renders nothing rather than breaking the page around it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      return { default: () => null };
    }
  });
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
