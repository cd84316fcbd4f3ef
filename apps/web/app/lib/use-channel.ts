import { useEffect, useState } from 'react';
import { useLatest } from './use-latest.ts';

const RETRIES = 5;
const RETRY_DELAY_MS = 1000;

/** Handlers by event name; each gets the event's data as it came over the wire. */
export type ChannelHandlers = Record<string, (data: never) => void>;

/**
 * Subscribes to one public channel of the websocket hub and hands every event's data to
 * `onEvent`. Reconnects 5 times, 1 s apart (spec §9). Returns whether the subscription is live.
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
    let ws: WebSocket | null = null;
    let attempts = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
      ws.onopen = () => {
        attempts = 0;
        ws?.send(JSON.stringify({ op: 'subscribe', channel }));
      };
      ws.onmessage = (e) => {
        const msg = JSON.parse(String(e.data)) as { op?: string; channel?: string; event?: string; data?: unknown };
        if (msg.channel !== channel) return;
        if (msg.op === 'subscribed') return setLive(true);
        const handler = msg.event && Object.hasOwn(latest.current, msg.event) ? latest.current[msg.event] : undefined;
        if (handler && msg.data !== undefined) (handler as (data: unknown) => void)(msg.data);
      };
      ws.onclose = () => {
        setLive(false);
        if (stopped || attempts >= RETRIES) return;
        attempts++;
        retry = setTimeout(connect, RETRY_DELAY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
    };
  }, [channel, latest]);
  return live && channel !== null;
}
