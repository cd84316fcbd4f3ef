import { useEffect, useState } from 'react';
import type { SocketState } from '#app/lib/channel-socket.ts';
import { tabSocket, withTabSocket } from '#app/lib/tab-socket.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Live updates stopped: the tab's socket used up its retries (spec §9: 5 tries, 1 s apart). The
 * banner says so and reconnects on a click; the socket subscribes its channels again by itself.
 */
export function ConnectionBanner() {
  const t = useT();
  const [state, setState] = useState<SocketState>('idle');
  useEffect(() => withTabSocket((socket) => socket.onState(setState)), []);
  if (state !== 'lost') return null;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-lost">
      <span>{t('overlays.connection.lost')}</span>
      <button type="button" className="btn btn--secondary btn--s" onClick={() => void tabSocket().then((socket) => socket.reconnect())}>
        {t('overlays.connection.reconnect')}
      </button>
    </div>
  );
}
