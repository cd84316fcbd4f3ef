import type { z } from 'zod';
import type { eventBanner } from '@store/shared/api/events';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type EventBannerData = Camel<z.infer<typeof eventBanner>>;

/** GET /api/v1/event/banners: the event's banners for the overview (none when no event is on). */
export const getEventBanners = (call: ApiCaller) => call<z.infer<typeof eventBanner>[]>('/api/v1/event/banners');
