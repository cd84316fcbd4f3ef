import { Link } from 'react-router';
import { formatAmount } from '@store/shared/money';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { DebtorsData } from '../api/players-in-debt.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The players below zero, deepest debt first: a refund or chargeback debits a deposit even when it
 * was spent, and the debt is never left where an operator would not see it (decision 072).
 */
export function PlayersInDebt({ players }: { players: DebtorsData['items'] }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  if (players.length === 0) return null;
  return (
    <section className="console-card" data-testid="players-in-debt">
      <h2>{t('admin.players.debtTitle')}</h2>
      <p className="muted">{t('admin.players.debtIntro')}</p>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.players.id')}</th>
              <th>{t('admin.players.login')}</th>
              <th>{t('admin.players.nickname')}</th>
              <th>{t('admin.players.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.id} data-testid="player-in-debt">
                <td className="num">{p.id}</td>
                <td>
                  <Link to={to(`/admin/players/${p.id}`)} className="console-link">
                    {p.login}
                  </Link>
                </td>
                <td>{p.nickname}</td>
                <td className="num">{formatAmount(p.balance, { locale: lang })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
