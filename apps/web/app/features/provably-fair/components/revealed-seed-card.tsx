import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import type { RevealedSeedData } from '../api/get-revealed-seeds.ts';
import { SeedValue } from './seed-value.tsx';
import { useT } from '#app/lib/use-t.ts';

/** A rotated pair: the server seed now shown beside the hash that committed to it. */
export function RevealedSeedCard({ seed, testId }: { seed: RevealedSeedData; testId?: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <dl className="pf-facts pf-revealed" data-testid={testId} data-id={seed.id}>
      <div className="pf-facts__wide">
        <dt>{t('pf.settings.serverSeed')}</dt>
        <dd>
          <SeedValue value={seed.serverSeed} testId="pf-revealed-server-seed" />
        </dd>
      </div>
      <div className="pf-facts__wide">
        <dt>{t('pf.settings.hash')}</dt>
        <dd>
          <SeedValue value={seed.serverSeedHash} />
        </dd>
      </div>
      <div>
        <dt>{t('pf.settings.clientSeed')}</dt>
        <dd>
          <SeedValue value={seed.clientSeed} />
        </dd>
      </div>
      <div>
        <dt>{t('pf.settings.lastNonce')}</dt>
        <dd>{seed.lastNonce > 0 ? seed.lastNonce : <span className="muted">{t('pf.settings.noRolls')}</span>}</dd>
      </div>
      <div>
        <dt>{t('pf.settings.created')}</dt>
        <dd>{formatDateTime(seed.createdAt, lang)}</dd>
      </div>
      <div>
        <dt>{t('pf.settings.revealedAt')}</dt>
        <dd>{formatDateTime(seed.revealedAt, lang)}</dd>
      </div>
    </dl>
  );
}
