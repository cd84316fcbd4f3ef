import { useState } from 'react';
import type { LiveDrop } from '@store/shared/api/live';
import { LIVE_DROP_EVENT, LIVE_DROPS_CHANNEL } from '@store/shared/channels';
import type { LiveDropData } from './get-live-drops.ts';
import { camelize } from '#app/lib/api.ts';
import { useChannel } from '#app/lib/use-channel.ts';
import { afterReveals } from '#app/lib/reveal-hold.ts';

const KEEP = 20;

/** The live-drop ribbon's feed: the server's list first, then every published drop, newest first. */
export function useLiveDrops(initial: LiveDropData[]): { drops: LiveDropData[]; live: boolean } {
  const [drops, setDrops] = useState(initial);
  const live = useChannel<LiveDrop>(LIVE_DROPS_CHANNEL, LIVE_DROP_EVENT, (data) => {
    const drop = camelize(data);
    // Not while this page plays an outcome: the player's own drop would give it away.
    afterReveals(() => setDrops((list) => (list.some((d) => d.id === drop.id) ? list : [drop, ...list].slice(0, KEEP))));
  });
  return { drops, live };
}
