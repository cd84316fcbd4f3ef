import { Link } from 'react-router';
import { fairCheckPath } from '#app/components/fair-links.tsx';
import { useFlag } from '#app/lib/use-flag.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { TechiesGameData } from '../api/get-techies-game.ts';
import { useT } from '#app/lib/use-t.ts';

/** The game's seeds: the layout is fixed by them at the start, and can be checked once it is over. */
export function TechiesFair({ game, over }: { game: TechiesGameData | null; over: boolean }) {
  const t = useT();
  const to = useLocalePath();
  // The check page exists only while the provably-fair pages are on.
  const checkable = useFlag('pf');
  return (
    <section className="techies-fair" data-testid="techies-fair">
      <h3>{t('techies.fair.title')}</h3>
      {game ? (
        <dl>
          <div>
            <dt>{t('techies.fair.hash')}</dt>
            <dd data-testid="techies-hash" title={game.roll.serverSeedHash}>
              {game.roll.serverSeedHash}
            </dd>
          </div>
          <div>
            <dt>{t('techies.fair.clientSeed')}</dt>
            <dd data-testid="techies-client-seed">{game.roll.clientSeed}</dd>
          </div>
          <div>
            <dt>{t('techies.fair.nonce')}</dt>
            <dd data-testid="techies-nonce">{game.roll.nonce}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{t('techies.fair.before')}</p>
      )}
      {game && over && checkable && (
        <Link to={to(fairCheckPath('techies', game.id))} className="btn btn--secondary btn--s" data-testid="techies-check">
          {t('techies.fair.check')}
        </Link>
      )}
    </section>
  );
}
