import type { SpectatorsResponse } from '@store/shared/api/battles';
import type { ApiCaller } from '#app/lib/api.ts';

/** POST /api/battles/close: a viewer left; the answer is the new spectator count. */
export const closeBattle = (call: ApiCaller, ulid: string) =>
  call<SpectatorsResponse>('/api/battles/close', { body: { battle_ulid: ulid } });

/** The same while the page unloads: only a beacon still gets out then (it carries no headers). */
export function closeBattleBeacon(ulid: string) {
  if (typeof navigator.sendBeacon !== 'function') return;
  navigator.sendBeacon('/api/battles/close', new Blob([JSON.stringify({ battle_ulid: ulid })], { type: 'application/json' }));
}
