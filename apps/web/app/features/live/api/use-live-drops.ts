import { useState } from 'react';
import type { LiveDrop } from '@store/shared/api/live';
import type { LiveDropData } from './get-live-drops.ts';
import { camelize } from '../../../lib/api.ts';
import { useChannel } from '../../../lib/use-channel.ts';

// Spelled out rather than imported: the shared module that defines it also pulls in zod.
const LIVE_DROPS_CHANNEL = 'LiveDrops/CSDropItems';
const KEEP = 20;

/** The live-drop ribbon's feed: the server's list first, then every published drop, newest first. */
export function useLiveDrops(initial: LiveDropData[]): { drops: LiveDropData[]; live: boolean } {
  const [drops, setDrops] = useState(initial);
  const live = useChannel<LiveDrop>(LIVE_DROPS_CHANNEL, 'drop', (data) => {
    const drop = camelize(data);
    setDrops((list) => (list.some((d) => d.id === drop.id) ? list : [drop, ...list].slice(0, KEEP)));
  });
  return { drops, live };
}
