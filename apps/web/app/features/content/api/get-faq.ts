import type { FaqResponse } from '@store/shared/api/content';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type FaqData = Camel<FaqResponse>;
export type FaqCategoryData = FaqData['categories'][number];
export type FaqQuestionData = FaqCategoryData['questions'][number];

/** GET /api/v1/page/faq: the FAQ in the caller's language, categories of questions with their answers. */
export const getFaq = (call: ApiCaller): Promise<FaqData> => call<FaqResponse>('/api/v1/page/faq');
