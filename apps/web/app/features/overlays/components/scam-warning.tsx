import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { stripLang } from '#app/lib/lang.ts';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { parseScam, scamWarningDue } from '#app/lib/overlay-storage.ts';
import { closeScamWarning, mirrorScamCookie } from '#app/lib/scam-cookie.ts';
import { SCAM_KEY } from '#app/lib/storage-keys.ts';
import { useStoredRaw } from '#app/lib/use-stored.ts';
import { whenIdle } from '#app/lib/when-idle.ts';

/** Pages where a popup would get in the way of what the player came for: the landing and the legal texts it points to. */
const QUIET = new Set(['/land1', '/contacts']);

// Shown at most once a day: its dialog is fetched when it is due, not with every page.
const ScamWarningDialog = lazyPart(() => import('./scam-warning-dialog.tsx').then((m) => m.ScamWarningDialog));

/**
 * The scam warning of spec §4/§6, for signed-in players only: how the store does (and does not)
 * get in touch. Closing it remembers the moment and it comes back 24 hours later; "don't show
 * again" keeps it away for good in this browser. The server render and the hydration follow the
 * root's answer from the cookie that mirrors local storage (lib/scam-cookie.ts); from then on local
 * storage decides, and the cookie is kept in step with it.
 */
export function ScamWarning() {
  const me = useMe();
  const { pathname } = useLocation();
  const raw = useStoredRaw(SCAM_KEY);
  const rendered = (useRouteLoaderData('root') as { scamDue?: boolean } | undefined)?.scamDue ?? false;
  // The moment the page came up: the 24 hours are counted against it, not re-read every render.
  const [now] = useState(() => Date.now());
  // Whether the server's page held it (the first render, on the server and at hydration, follows the root's answer).
  const [inPage] = useState(() => raw === undefined && rendered);
  // Once the page is idle: reading the cookies asks the browser for them, a few milliseconds a
  // hydrating phone has no time for, and the next page is what it is for.
  useEffect(() => (raw === undefined ? undefined : whenIdle(() => mirrorScamCookie(raw))), [raw]);
  const due = raw === undefined ? rendered : scamWarningDue(parseScam(raw), now);
  const shown = me !== null && !QUIET.has(stripLang(pathname)) && due;
  // The server drew the warning, and the page hydrates before the dialog's own chunk arrives
  // (seconds on a busy phone): React replays a click on it then, but not a key on the document, so
  // until the dialog answers Escape itself this does. Closing twice stores the same state; the box
  // is read from the page, as the player left it.
  useLayoutEffect(() => {
    if (!shown || !inPage) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      closeScamWarning(document.querySelector<HTMLInputElement>('[data-testid="scam-never"]')?.checked ?? false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown, inPage]);
  return shown ? <ScamWarningDialog inPage={inPage} /> : null;
}
