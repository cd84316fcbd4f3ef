import { useState } from 'react';
import type { UpgradeRecord, UpgradesResponse } from '@store/shared/api/upgrades';
import { UPGRADE_LIVE_EVENT, UPGRADES_LIVE_CHANNEL } from '@store/shared/channels';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useChannel } from '#app/lib/use-channel.ts';
import { afterReveals } from '#app/lib/reveal-hold.ts';

export type UpgradeRecordData = Camel<UpgradeRecord>;

const KEEP = 12;

/** GET /api/v1/upgrades?scope=all: the latest upgrades of all players. */
export const getRecentUpgrades = (call: ApiCaller) => call<UpgradesResponse>(`/api/v1/upgrades?scope=all&per_page=${KEEP}`);

/**
 * The recent-upgrades feed: the server's list first, then the list again each time an upgrade
 * is published. The event says that something happened; the list is asked for in the page's
 * language, since the event carries one language's names for every subscriber.
 */
export function useRecentUpgrades(initial: UpgradeRecordData[]) {
  const call = useApi();
  const [list, setList] = useState(initial);
  const live = useChannel<UpgradeRecord>(UPGRADES_LIVE_CHANNEL, UPGRADE_LIVE_EVENT, () => {
    // Not while this page's wheel turns: the player's own upgrade would give the outcome away.
    afterReveals(() => void getRecentUpgrades(call).then((res) => setList(res.items), () => undefined));
  });
  return { list, live };
}
