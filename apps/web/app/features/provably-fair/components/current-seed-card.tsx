import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import type { CurrentSeedData } from '../api/get-seeds.ts';
import { ClientSeedForm } from './client-seed-form.tsx';
import { SeedValue } from './seed-value.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The pair the next rolls use: the server seed's hash, the client seed to edit, the next nonce. */
export function CurrentSeedCard({ current }: { current: CurrentSeedData }) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="pf-card" data-testid="pf-current">
      <h2>{t('pf.settings.title')}</h2>
      <dl className="pf-facts">
        <div className="pf-facts__wide">
          <dt>{t('pf.settings.hash')}</dt>
          <dd>
            <SeedValue value={current.serverSeedHash} testId="pf-current-hash" />
          </dd>
        </div>
        <div>
          <dt>{t('pf.settings.nextNonce')}</dt>
          <dd data-testid="pf-next-nonce">{current.nextNonce}</dd>
        </div>
        <div>
          <dt>{t('pf.settings.since')}</dt>
          <dd>{formatDateTime(current.createdAt, lang)}</dd>
        </div>
      </dl>
      {/* A new pair starts the field again from its seed. */}
      <ClientSeedForm key={current.serverSeedHash} current={current.clientSeed} />
    </section>
  );
}
