import { CONTRACTS_LIVE_CHANNEL, CONTRACT_LIVE_EVENT } from '@store/shared/channels';
import { type ContractRecord } from '@store/shared/api/contracts';
import type { Deps } from '../../deps.ts';

/** What follows a committed contract: the live feed once its signing has played. A crash loses the entry, never an item. */
export function contractSigned(deps: Pick<Deps, 'bus' | 'reveals'>, record: ContractRecord): void {
  deps.reveals.after('contract', false, () => deps.bus.publish(CONTRACTS_LIVE_CHANNEL, CONTRACT_LIVE_EVENT, record));
}
