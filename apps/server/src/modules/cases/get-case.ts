import type { Lang } from '@store/shared/errors';
import type { CaseDetail } from '@store/shared/api/cases';
import { chancePercent } from '@store/shared/odds';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCaseBySlug, findSectionSlug } from '../catalogue/find-cases.ts';
import { presentCase } from './present-case.ts';

/** A case with its contents and the published chance of each drop, pricier drops first. */
export async function getCase({ db, catalogue, lang, slug }: { db: Executor; catalogue: Catalogue; lang: Lang; slug: string }): Promise<CaseDetail> {
  const c = await findCaseBySlug(db, slug);
  if (!c || c.status === 'hidden' || !c.oddsId) throw new AppError('caseNotFound');
  const [ranges, section] = await Promise.all([
    catalogue.rangesFor(db, c.oddsId),
    findSectionSlug(db, c.sectionId),
  ]);
  const drops = ranges
    .map((r) => ({
      ...catalogue.present(catalogue.item(r.item), lang),
      chance: chancePercent(r.to - r.from + 1),
      ticket_from: r.from,
      ticket_to: r.to,
    }))
    .sort((a, b) => b.price - a.price);
  return { ...presentCase(c, lang, catalogue), section: section ?? '', drops };
}
