import { faqResponse, type FaqResponse } from '@store/shared/api/content';
import type { Lang } from '@store/shared/errors';
import type { Env } from '../../config/env.ts';
import type { ProjectConfig } from '../../config/projects.ts';
import { faqEn } from './faq-en.ts';
import { faqFacts } from './faq-facts.ts';
import { faqRu } from './faq-ru.ts';

/**
 * The FAQ of this store in both languages, built once from the project's configuration and the
 * shared rules: it changes only when the store is restarted with other settings. Parsing it here
 * fails the start, not a player's request, if an answer were ever malformed.
 */
export function buildFaq(project: ProjectConfig, env: Pick<Env, 'DAILY_DEPOSIT_FROM_LEVEL' | 'DAILY_DEPOSIT_DAYS'>): Record<Lang, FaqResponse> {
  const facts = faqFacts(project, env);
  return {
    ru: faqResponse.parse({ categories: faqRu(facts) }),
    en: faqResponse.parse({ categories: faqEn(facts) }),
  };
}
