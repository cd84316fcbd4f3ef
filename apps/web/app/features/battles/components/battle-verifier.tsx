import { useMemo } from 'react';
import { resolveBattle, rollBattleTicket, teamOf } from '@store/shared/battle';
import { hashServerSeed } from '@store/shared/provably-fair';
import { toMinor } from '@store/shared/money';
import { useT } from '#app/lib/use-t.ts';
import type { BattleData } from '../api/get-battle.ts';
import { useRoundCases } from '../api/get-round-case.ts';

/**
 * Recomputes a finished battle in the browser with the same rules the server played it by:
 * every drop's ticket from the revealed seeds, the item that ticket picks in the case's
 * published ranges, the seed's hash, and the winner (with the tie-break roll when there was one).
 */
export function BattleVerifier({ battle }: { battle: BattleData }) {
  const t = useT();
  const cases = useRoundCases(battle.roundCases);
  const { serverSeed, clientSeed, serverSeedHash } = battle.fair;
  const check = useMemo(() => {
    if (!serverSeed || !clientSeed) return null;
    const rows = battle.rounds.flatMap((r) =>
      r.drops.map((d) => {
        const computed = rollBattleTicket({ serverSeed, clientSeed, round: r.round, seat: d.seat });
        return { round: r.round, slug: r.caseSlug, drop: d, computed, ok: computed === d.ticket };
      }),
    );
    const outcome = resolveBattle({
      mode: battle.mode,
      serverSeed,
      clientSeed,
      rounds: battle.totalRounds,
      drops: battle.rounds.flatMap((r) => r.drops.map((d) => ({ round: r.round, seat: d.seat, price: toMinor(d.item.price) }))),
    });
    return { rows, outcome, hashOk: hashServerSeed(serverSeed) === serverSeedHash };
  }, [battle, serverSeed, clientSeed, serverSeedHash]);

  if (!check) return <p className="empty">{t('battles.details.notFinished')}</p>;
  const names = (team: number) =>
    battle.members
      .filter((m) => teamOf(battle.mode, m.seat) === team)
      .map((m) => m.name)
      .join(' + ');
  const bad = check.rows.filter((r) => !r.ok).length;
  const winnerOk = check.outcome.winnerTeam === battle.winnerTeam;
  const tie = check.outcome.tieBreak;
  const tieOk = !tie || !battle.fair.tieBreak || tie.ticket === battle.fair.tieBreak.ticket;
  return (
    <div className="verifier" data-testid="battle-verifier">
      <ul className="verifier__summary">
        <li className={check.hashOk ? 'ok' : 'bad'}>{check.hashOk ? `✓ ${t('battles.details.hashOk')}` : `✗ ${t('battles.details.hashBad')}`}</li>
        <li className={bad ? 'bad' : 'ok'} data-testid="verifier-tickets">
          {bad ? `✗ ${t('battles.details.someBad', { n: bad })}` : `✓ ${t('battles.details.allOk', { count: check.rows.length, n: check.rows.length })}`}
        </li>
        {tie && (
          <li className={tieOk ? 'ok' : 'bad'}>
            {tieOk ? '✓' : '✗'} {t('battles.details.tieOk', { teams: tie.tied.map(names).join(', '), ticket: tie.ticket })}
          </li>
        )}
        <li className={winnerOk ? 'ok' : 'bad'} data-testid="verifier-winner">
          {winnerOk
            ? `✓ ${t('battles.details.winnerOk', { who: names(check.outcome.winnerTeam) })}`
            : `✗ ${t('battles.details.winnerBad', { who: names(check.outcome.winnerTeam) })}`}
        </li>
      </ul>
      <div className="verifier__table-wrap">
        <table className="verifier__table">
          <thead>
            <tr>
              <th>{t('battles.details.round')}</th>
              <th>{t('battles.details.seat')}</th>
              <th>{t('battles.details.item')}</th>
              <th>{t('battles.details.ticket')}</th>
              <th>{t('battles.details.computed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {check.rows.map((r) => {
              // The ticket must also fall in the published range of the item that dropped.
              const range = cases.get(r.slug)?.drops.find((d) => r.computed >= d.ticketFrom && r.computed <= d.ticketTo);
              const itemOk = !range || range.id === r.drop.item.id;
              const ok = r.ok && itemOk;
              return (
                <tr key={`${r.round}:${r.drop.seat}`} className={ok ? 'ok' : 'bad'} data-testid="verifier-row">
                  <td>{r.round}</td>
                  <td>{r.drop.seat}</td>
                  <td className="verifier__item">{r.drop.item.name}</td>
                  <td>{r.drop.ticket}</td>
                  <td>{r.computed}</td>
                  <td aria-label={ok ? 'ok' : 'mismatch'}>{ok ? '✓' : '✗'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
