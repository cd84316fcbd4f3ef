import type { LiveDrop } from '@store/shared/api/live';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type LiveDropData = Camel<LiveDrop>;

/** POST /api/v1/live_drop: the latest drops, newest first, for the ribbon's first paint. */
export const getLiveDrops = (call: ApiCaller, top = false) => call<LiveDrop[]>('/api/v1/live_drop', { body: top ? { is_top: true } : {} });
