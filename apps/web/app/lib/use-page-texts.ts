import { useEffect, useReducer } from 'react';
import { frameTextsSuffice, hasTexts, loadTexts } from './i18n.ts';
import { langFromPath } from './lang.ts';

/**
 * Whether the page at `path` can render: the main page needs only the frame's texts, which every
 * page has before hydrating; any other page reached from it waits for the pages' texts, loaded
 * here the first time (decision 041). A chunk that fails to load lets the page render anyway
 * (use-chunk-reload.ts reloads the page first when it can): some texts showing as keys beat a
 * skeleton that never goes.
 */
export function usePageTexts(path: string): boolean {
  const lang = langFromPath(path);
  const [failed, fail] = useReducer(() => true, false);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const ready = failed || frameTextsSuffice(path) || hasTexts(lang);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadTexts(lang).then(
      () => live && arrived(),
      () => live && fail(),
    );
    return () => {
      live = false;
    };
  }, [lang, ready]);
  return ready;
}
