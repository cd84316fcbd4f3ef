import '#app/styles/overlays.css';
import { ConnectionBanner } from './connection-banner.tsx';
import { CookieConsent } from './cookie-consent.tsx';
import { ScamWarning } from './scam-warning.tsx';
import { useSessionExpiry } from '../hooks/use-session-expiry.ts';

/**
 * The default layout's overlays of spec §2: the cookie consent bar, the scam warning, the lost
 * connection banner, and what follows a session ending elsewhere.
 */
export function Overlays() {
  useSessionExpiry();
  return (
    <>
      <ScamWarning />
      {/* Bottom notices stack here instead of covering each other. */}
      <div className="overlay-dock">
        <ConnectionBanner />
        <CookieConsent />
      </div>
    </>
  );
}
