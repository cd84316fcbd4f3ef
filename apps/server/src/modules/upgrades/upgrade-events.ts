import { UPGRADES_LIVE_CHANNEL, UPGRADE_LIVE_EVENT } from '@store/shared/channels';
import { type UpgradeRecord } from '@store/shared/api/upgrades';
import type { Deps } from '../../deps.ts';

/**
 * What follows a committed upgrade: the store-wide counter, and the live feed once the player's
 * wheel has stopped. A crash loses either, never an item.
 */
export function upgradePlayed(deps: Pick<Deps, 'bus' | 'counters' | 'reveals'>, record: UpgradeRecord): void {
  deps.counters.add('upgrades', 1);
  deps.reveals.after('upgrade', false, () => deps.bus.publish(UPGRADES_LIVE_CHANNEL, UPGRADE_LIVE_EVENT, record));
}
