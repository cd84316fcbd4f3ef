import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cleanQueryValue } from '@store/shared/utm';
import { normalizePromoCode } from '@store/shared/payments/promo';
import { stripLang } from '#app/lib/lang.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { getPromoOffer, type PromoOfferData } from '../api/get-promo-offer.ts';
import { PromoDialog } from './promo-dialog.tsx';

const COUNTDOWN_S = 60;
const REFILL_PAGES = ['/refill', '/refill/unauth', '/refill/result'];

/**
 * The promo popup of spec §4: opens when a link carries utm_content with a code the store knows,
 * except on the refill pages; a 60 s countdown forces the claim; a guest's claim opens sign-in,
 * a player's goes to the refill page with the code filled in. Its own chunk, with the dialog's
 * face (promo-gate.tsx): only a link with a code fetches it.
 */
export function PromoPopup() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const call = useApi();
  const me = useMe();
  const { openDialog } = useUiState();
  const [offer, setOffer] = useState<{ code: string; info: PromoOfferData; shownAt: number } | null>(null);
  const [now, setNow] = useState(0);
  const onRefill = REFILL_PAGES.includes(stripLang(pathname));
  const code = normalizePromoCode(cleanQueryValue(new URLSearchParams(search).get('utm_content')));
  const signedIn = !!me;

  useEffect(() => {
    if (!code || onRefill) return;
    let live = true;
    getPromoOffer(call, code, signedIn).then(
      (info) => {
        if (!live) return;
        setOffer({ code, info, shownAt: Date.now() });
        setNow(Date.now());
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code, onRefill, call, signedIn]);

  const claim = useLatest(() => {
    if (!offer) return;
    setOffer(null);
    // Spec §4: a guest's claim opens the login popup (it offers registration beside it).
    if (signedIn) void navigate(`${to('/refill')}?promo=${encodeURIComponent(offer.code)}`);
    else openDialog('login');
  });

  const secondsLeft = (at: number) => (offer ? Math.max(0, COUNTDOWN_S - Math.floor((at - offer.shownAt) / 1000)) : 0);
  useEffect(() => {
    if (!offer) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (Math.max(0, COUNTDOWN_S - Math.floor((at - offer.shownAt) / 1000)) === 0) {
        clearInterval(timer);
        claim.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [offer, claim]);

  if (!offer) return null;
  return (
    <PromoDialog code={offer.code} info={offer.info} secondsLeft={secondsLeft(now)} onClaim={() => claim.current()} onClose={() => setOffer(null)} />
  );
}
