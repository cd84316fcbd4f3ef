import { LIVE_DROP_EVENT, LIVE_DROPS_CHANNEL } from '@store/shared/channels';
import type { Deps } from '../../deps.ts';
import type { OpenCaseResult } from './open-case.ts';
import { presentDrop } from './list-drops.ts';

/** Announces fresh drops on the live ribbon channel, to every process's subscribers. */
export function publishDrops(deps: Pick<Deps, 'bus' | 'catalogue'>, userId: number, result: OpenCaseResult) {
  const { caseRow: c, nickname } = result;
  const createdAt = new Date();
  for (const d of result.drops) {
    const drop = presentDrop(
      {
        id: d.openId,
        userId,
        nickname,
        itemKey: d.itemKey,
        itemPrice: d.itemPrice,
        isTop: d.isTop,
        createdAt,
        caseSlug: c.slug,
        caseNameRu: c.nameRu,
        caseNameEn: c.nameEn,
        caseImageUrl: c.imageUrl,
      },
      deps.catalogue,
      'ru',
    );
    deps.bus.publish(LIVE_DROPS_CHANNEL, LIVE_DROP_EVENT, drop);
  }
}
