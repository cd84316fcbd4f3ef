import { useState } from 'react';
import type { UpgradeRecord, UpgradesResponse } from '@store/shared/api/upgrades';
import { camelize, type ApiCaller, type Camel } from '../../../lib/api.ts';
import { useChannel } from '../../../lib/use-channel.ts';

export type UpgradeRecordData = Camel<UpgradeRecord>;

// Spelled out rather than imported: the shared module that defines them also pulls in zod.
const UPGRADES_LIVE_CHANNEL = 'Upgrades/Live';
const KEEP = 12;

/** GET /api/v1/upgrades?scope=all: the latest upgrades of all players. */
export const getRecentUpgrades = (call: ApiCaller) => call<UpgradesResponse>(`/api/v1/upgrades?scope=all&per_page=${KEEP}`);

/** The recent-upgrades feed: the server's list first, then each upgrade as it is published. */
export function useRecentUpgrades(initial: UpgradeRecordData[]) {
  const [list, setList] = useState(initial);
  const live = useChannel<UpgradeRecord>(UPGRADES_LIVE_CHANNEL, 'upgrade', (data) => {
    const record = camelize(data);
    setList((l) => (l.some((x) => x.id === record.id) ? l : [record, ...l].slice(0, KEEP)));
  });
  return { list, live };
}
