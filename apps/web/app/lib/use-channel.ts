import { useEffect, useState } from 'react';
import { useLatest } from './use-latest.ts';

const RETRIES = 5;
const RETRY_DELAY_MS = 1000;

/**
 * Subscribes to one public channel of the websocket hub and hands every event's data to
 * `onEvent`. Reconnects 5 times, 1 s apart (spec §9). Returns whether the subscription is live.
 */
export function useChannel<T>(channel: string, event: string, onEvent: (data: T) => void): boolean {
  const handler = useLatest(onEvent);
  const [live, setLive] = useState(false);
  useEffect(() => {
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
        const msg = JSON.parse(String(e.data)) as { op?: string; channel?: string; event?: string; data?: T };
        if (msg.channel !== channel) return;
        if (msg.op === 'subscribed') return setLive(true);
        if (msg.event === event && msg.data !== undefined) handler.current(msg.data);
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
  }, [channel, event, handler]);
  return live;
}
