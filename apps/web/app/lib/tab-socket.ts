import type { ChannelSocket } from './channel-socket.ts';
import { loadOnce } from './load-once.ts';

/**
 * The tab's one socket to the hub (channel-socket.ts). Its code is a chunk of its own, fetched by
 * the first subscription, which a page makes once it has hydrated: the first page's scripts do not
 * carry it, and the socket opens no later than it did. A chunk that did not come is asked for
 * again by the next subscription.
 */
export const tabSocket: () => Promise<ChannelSocket> = loadOnce(() => import('./channel-socket.ts').then((m) => m.channelSocket()));

/** Runs `use` with the tab's socket once it is here; the function returned undoes it, before or after. */
export function withTabSocket(use: (socket: ChannelSocket) => () => void): () => void {
  let undo: (() => void) | null = null;
  let cancelled = false;
  tabSocket().then(
    (socket) => {
      if (!cancelled) undo = use(socket);
    },
    () => undefined,
  );
  return () => {
    cancelled = true;
    undo?.();
  };
}
