import { useEffect, useState } from 'react';
import { withTabSocket } from './tab-socket.ts';
import { useLatest } from './use-latest.ts';

/** Handlers by event name; each gets the event's data as it came over the wire. */
export type ChannelHandlers = Record<string, (data: never) => void>;

/**
 * Subscribes to one public channel of the websocket hub and hands every event's data to
 * `onEvent`. Returns whether the subscription is live. Every subscription of the tab shares one
 * socket (`channel-socket.ts`).
 */
export function useChannel<T>(channel: string, event: string, onEvent: (data: T) => void): boolean {
  return useChannelEvents(channel, { [event]: onEvent });
}

/**
 * The same subscription with a handler per event (a battle's channel carries several). A null
 * channel subscribes to nothing, for pages that only sometimes need one.
 */
export function useChannelEvents(channel: string | null, handlers: ChannelHandlers): boolean {
  const latest = useLatest(handlers);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!channel) return;
    const stop = withTabSocket((socket) =>
      socket.subscribe(
        channel,
        (event, data) => {
          const handler = Object.hasOwn(latest.current, event) ? latest.current[event] : undefined;
          if (handler) (handler as (data: unknown) => void)(data);
        },
        setLive,
      ),
    );
    return () => {
      stop();
      setLive(false);
    };
  }, [channel, latest]);
  return live && channel !== null;
}
