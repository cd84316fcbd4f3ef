import type { Lang } from '@store/shared/errors';
import type { Section } from '@store/shared/api/cases';
import type { Executor } from '../../db/client.ts';
import { isCaseOpenable, listCatalogueRows } from '../catalogue/find-cases.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentCase } from './present-case.ts';

/**
 * What other modules tell the shelves: which cases are on offer (cheaper in a bundle: the offers
 * module) and whether an event is on now (the events module). Each registers its own at start-up.
 */
export class CaseShelves {
  private onOffer: ((db: Executor) => Promise<Set<string>>) | null = null;
  private eventOn: ((db: Executor, now: Date) => Promise<boolean>) | null = null;

  registerOnOffer(find: (db: Executor) => Promise<Set<string>>): void {
    this.onOffer = find;
  }

  registerEventOn(find: (db: Executor, now: Date) => Promise<boolean>): void {
    this.eventOn = find;
  }

  casesOnOffer(db: Executor): Promise<Set<string>> {
    return this.onOffer ? this.onOffer(db) : Promise.resolve(new Set());
  }

  isEventOn(db: Executor, now: Date): Promise<boolean> {
    return this.eventOn ? this.eventOn(db, now) : Promise.resolve(false);
  }
}

/** Cards a row on a desktop, where `line_breaks` counts the breaks between a section's rows. */
const CARDS_A_ROW = 6;

export interface SectionFilters {
  battle?: boolean;
  event?: boolean;
  caseStatuses?: string[];
  sectionStatuses?: string[];
}

/** Sections with their cases, in display order, filtered as the main page and battles ask. */
export async function listSections({
  db,
  catalogue,
  lang,
  filters = {},
  shelves,
}: {
  db: Executor;
  catalogue: Catalogue;
  lang: Lang;
  filters?: SectionFilters;
  /** Absent where no case is marked (the seed's look at the shelves). */
  shelves?: CaseShelves;
}): Promise<Section[]> {
  const [{ sections: sectionRows, cases: caseRows }, onOffer] = await Promise.all([listCatalogueRows(db), shelves ? shelves.casesOnOffer(db) : new Set<string>()]);
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
      const appearance = s.appearance as Section['appearance_data'];
      return {
        id: s.id,
        slug: s.slug,
        event: s.isEvent,
        name: lang === 'en' ? s.nameEn : s.nameRu,
        line_breaks: Math.max(0, Math.ceil(list.length / CARDS_A_ROW) - 1),
        // The event variant's title carries its cards' colours (spec §3 title.colorData).
        appearance_data: s.isEvent
          ? {
              ...appearance,
              title: {
                ...appearance.title,
                color_data: { gradient: appearance.cards_background, circle: appearance.cards_circle, gradient_hovered: appearance.cards_hover, circle_shadow: appearance.cards_shadow },
              },
            }
          : appearance,
        cases: list.map((c) => presentCase(c, lang, catalogue, onOffer)),
      };
    })
    .filter((s) => s.cases.length > 0);
}
