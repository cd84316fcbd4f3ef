import type { Section } from '@store/shared/api/cases';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type SectionData = Camel<Section>;
export type CaseCardData = SectionData['cases'][number];

/** GET /api/v2/case/sections/with-cases?main=1: the main page's sections with their case cards. */
export const getMainSections = (call: ApiCaller) => call<Section[]>('/api/v2/case/sections/with-cases?main=1');
