import { faqResponse, type FaqResponse } from '@store/shared/api/content';
import type { Lang } from '@store/shared/errors';
import type { Env } from '../../config/env.ts';
import type { ProjectConfig } from '../../config/projects.ts';
import { faqEn } from './faq-en.ts';
import { faqFacts } from './faq-facts.ts';
import { faqRu } from './faq-ru.ts';

/**
 * The FAQ of this store in both languages, built from the project's configuration, the shared
 * rules and the payment settings in force: it changes when the store restarts with other settings
 * or an admin saves a new payment settings version. Parsing it here fails loudly if an answer
 * were ever malformed.
 */
export function buildFaq(project: ProjectConfig, env: Pick<Env, 'DAILY_DEPOSIT_FROM_LEVEL' | 'DAILY_DEPOSIT_DAYS'>, depositCoinsFactor: number): Record<Lang, FaqResponse> {
  const facts = faqFacts(project, env, depositCoinsFactor);
  return {
    ru: faqResponse.parse({ categories: faqRu(facts) }),
    en: faqResponse.parse({ categories: faqEn(facts) }),
  };
}
