import { Link } from 'react-router';
import { FairCheckLink } from '#app/components/fair-links.tsx';
import { useT } from '#app/lib/use-t.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { BattleData } from '../api/get-battle.ts';

/** The battle's seeds: the hash from the start, the client seed once started, the server seed once finished. */
export function BattleFair({ battle }: { battle: BattleData }) {
  const t = useT();
  const to = useLocalePath();
  const { fair } = battle;
  return (
    <section className="battle-fair" data-testid="battle-fair">
      <h2 className="heading-small">{t('battles.fair.title')}</h2>
      <dl>
        <div>
          <dt>{t('battles.fair.hash')}</dt>
          <dd className="fair-line">{fair.serverSeedHash}</dd>
        </div>
        <div>
          <dt>{t('battles.fair.clientSeed')}</dt>
          <dd className="fair-line">{fair.clientSeed ?? <span className="muted">{t('battles.fair.notYet')}</span>}</dd>
        </div>
        <div>
          <dt>{t('battles.fair.serverSeed')}</dt>
          <dd className="fair-line" data-testid="battle-server-seed">
            {fair.serverSeed ?? <span className="muted">{t('battles.fair.hidden')}</span>}
          </dd>
        </div>
      </dl>
      {battle.status === 'finished' && (
        <div className="battle-fair__links">
          <Link to={to(`/battles/details?battle=${battle.ulid}#verify`)} className="btn btn--secondary btn--s" data-testid="battle-verify-link">
            {t('battles.fair.check')}
          </Link>
          <FairCheckLink kind="battle" id={battle.ulid} />
        </div>
      )}
    </section>
  );
}
