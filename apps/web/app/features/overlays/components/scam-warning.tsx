import { useState } from 'react';
import { useLocation } from 'react-router';
import { stripLang } from '#app/lib/lang.ts';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { parseScam, scamWarningDue } from '#app/lib/overlay-storage.ts';
import { SCAM_KEY } from '#app/lib/storage-keys.ts';
import { useStoredRaw } from '#app/lib/use-stored.ts';

/** Pages where a popup would get in the way of what the player came for: the landing and the legal texts it points to. */
const QUIET = new Set(['/land1', '/contacts']);

// Shown at most once a day: its dialog is fetched when it is due, not with every page.
const ScamWarningDialog = lazyPart(() => import('./scam-warning-dialog.tsx').then((m) => m.ScamWarningDialog));

/**
 * The scam warning of spec §4/§6, for signed-in players only: how the store does (and does not)
 * get in touch. Closing it remembers the moment and it comes back 24 hours later; "don't show
 * again" keeps it away for good in this browser.
 */
export function ScamWarning() {
  const me = useMe();
  const { pathname } = useLocation();
  const raw = useStoredRaw(SCAM_KEY);
  // The moment the page came up: the 24 hours are counted against it, not re-read every render.
  const [now] = useState(() => Date.now());
  if (me === null || raw === undefined || QUIET.has(stripLang(pathname)) || !scamWarningDue(parseScam(raw), now)) return null;
  return <ScamWarningDialog />;
}
