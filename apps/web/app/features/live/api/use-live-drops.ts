import { useEffect, useState } from 'react';
import type { LiveDropData } from './get-live-drops.ts';
import { camelize } from '../../../lib/api.ts';
import type { LiveDrop } from '@store/shared/api/live';

// Spelled out rather than imported: the shared module that defines it also pulls in zod.
const LIVE_DROPS_CHANNEL = 'LiveDrops/CSDropItems';
const KEEP = 20;
const RETRIES = 5;
const RETRY_DELAY_MS = 1000;

/**
 * The live-drop ribbon's feed: the server's list first, then every drop published on the
 * websocket channel, newest first. Reconnects 5 times, 1 s apart (spec §9).
 */
export function useLiveDrops(initial: LiveDropData[]): { drops: LiveDropData[]; live: boolean } {
  const [drops, setDrops] = useState(initial);
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
        ws?.send(JSON.stringify({ op: 'subscribe', channel: LIVE_DROPS_CHANNEL }));
      };
      ws.onmessage = (e) => {
        const msg = JSON.parse(String(e.data)) as { op?: string; channel?: string; event?: string; data?: LiveDrop };
        if (msg.op === 'subscribed' && msg.channel === LIVE_DROPS_CHANNEL) return setLive(true);
        if (msg.channel !== LIVE_DROPS_CHANNEL || msg.event !== 'drop' || !msg.data) return;
        const drop = camelize(msg.data);
        setDrops((list) => (list.some((d) => d.id === drop.id) ? list : [drop, ...list].slice(0, KEEP)));
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
  }, []);
  return { drops, live };
}
