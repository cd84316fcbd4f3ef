import type { Lang } from '@store/shared/errors';
import type { Section } from '@store/shared/api/cases';
import type { Executor } from '../../db/client.ts';
import { isCaseOpenable, listCatalogueRows } from '../catalogue/find-cases.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentCase } from './present-case.ts';

export interface SectionFilters {
  battle?: boolean;
  event?: boolean;
  caseStatuses?: string[];
  sectionStatuses?: string[];
}

/** Sections with their cases, in display order, filtered as the main page and battles ask. */
export async function listSections({ db, catalogue, lang, filters = {} }: { db: Executor; catalogue: Catalogue; lang: Lang; filters?: SectionFilters }): Promise<Section[]> {
  const { sections: sectionRows, cases: caseRows } = await listCatalogueRows(db);
  const sectionStatuses = filters.sectionStatuses?.length ? filters.sectionStatuses : ['active'];
  return sectionRows
    .filter((s) => sectionStatuses.includes(s.status))
    .filter((s) => filters.event === undefined || s.isEvent === filters.event)
    .map((s) => {
      const list = caseRows
        .filter((c) => c.sectionId === s.id)
        // Level cases have their own page (/daily-cases): never sold, so never on a shelf.
        .filter((c) => !c.daily)
        .filter((c) => (filters.caseStatuses?.length ? filters.caseStatuses.includes(c.status) : c.status !== 'hidden'))
        .filter((c) => !filters.battle || (c.battleAllowed && isCaseOpenable(c)));
      return {
        id: s.id,
        slug: s.slug,
        event: s.isEvent,
        name: lang === 'en' ? s.nameEn : s.nameRu,
        line_breaks: 0,
        appearance_data: s.appearance as Section['appearance_data'],
        cases: list.map((c) => presentCase(c, lang, catalogue)),
      };
    })
    .filter((s) => s.cases.length > 0);
}
