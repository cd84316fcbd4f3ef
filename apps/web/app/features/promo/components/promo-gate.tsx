import { useLocation } from 'react-router';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useUtmCapture } from '../api/use-utm.ts';

// The popup and its rules, fetched only for a link that carries a code: most pages never load them.
const PromoPopup = lazyPart(() => import('./promo-popup.tsx').then((m) => m.PromoPopup));

/** The visit's UTM tags are kept on every page; the promo popup comes only with `utm_content` (spec §4). */
export function PromoGate() {
  useUtmCapture();
  const { search } = useLocation();
  return new URLSearchParams(search).has('utm_content') ? <PromoPopup /> : null;
}
