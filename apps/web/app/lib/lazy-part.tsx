import { lazy, memo, Suspense, type ComponentType } from 'react';
import { completeTexts } from './i18n.ts';

/**
 * A rarely shown part of the page (a dialog, a banner) as a chunk of its own, fetched the first
 * time it renders, so the main page's scripts leave it out (README, page weight). It renders
 * nothing until its chunk has come: render it only once it is due, and only for what floats
 * over the page, never for what takes room in it. A chunk that cannot load (a deploy removed it:
 * use-chunk-reload.ts reloads the page) renders nothing rather than breaking the page around it.
 * It may say the pages' texts, which the main page has not loaded (decision 041): they are
 * fetched alongside the chunk.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => {
    try {
      // Texts that fail to come leave keys showing, like the default layout: the part still works.
      const [component] = await Promise.all([load(), completeTexts().catch(() => undefined)]);
      return { default: component };
    } catch {
      return { default: () => null };
    }
  });
  // Memoised: a part the server rendered (the scam warning, decision 090) waits for its chunk before
  // it hydrates, and a boundary that receives new props before then is thrown away and drawn again
  // (React switches it to client rendering), which replays its entrance over the page.
  return memo(function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
}
