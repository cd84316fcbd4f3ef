import { Form, Link } from 'react-router';
import { formatDay } from '@store/shared/format/dates';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { PlayersData } from '../api/search-players.ts';
import { useT } from '#app/lib/use-t.ts';

/** The search box; the query stands in the address, so a search can be shared and reloaded. */
export function PlayerSearchForm({ q }: { q: string }) {
  const t = useT();
  return (
    <Form method="get" className="console-search" role="search" data-testid="player-search">
      <label className="field console-search__field">
        <span className="field__label">{t('admin.players.searchLabel')}</span>
        <input name="q" defaultValue={q} placeholder={t('admin.players.searchPlaceholder')} maxLength={100} autoComplete="off" data-testid="player-search-input" />
      </label>
      <button type="submit" className="btn btn--primary btn--m" data-testid="player-search-submit">
        {t('admin.players.search')}
      </button>
    </Form>
  );
}

/** The players a search found, each a link to their page. */
export function PlayerResults({ q, players }: { q: string; players: PlayersData['items'] }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  if (players.length === 0) return <p className="empty">{t('admin.players.empty', { q })}</p>;
  return (
    <section className="console-card" data-testid="player-results">
      <p className="muted">{t('admin.players.found', { count: players.length })}</p>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.players.id')}</th>
              <th>{t('admin.players.login')}</th>
              <th>{t('admin.players.nickname')}</th>
              <th>{t('admin.players.steam')}</th>
              <th>{t('admin.players.role')}</th>
              <th>{t('admin.players.state')}</th>
              <th>{t('admin.players.since')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.id} data-testid="player-result">
                <td className="num">{p.id}</td>
                <td>
                  <Link to={to(`/admin/players/${p.id}`)} className="console-link" data-testid="player-result-link">
                    {p.login}
                  </Link>
                </td>
                <td>{p.nickname}</td>
                <td className="num">{p.steamId ?? '—'}</td>
                <td>{t(`admin.roles.${p.role ?? 'none'}`)}</td>
                <td>
                  <span className={p.blocked ? 'badge badge--blocked' : 'badge badge--confirmed'}>{t(p.blocked ? 'admin.players.blocked' : 'admin.players.active')}</span>
                </td>
                <td>{formatDay(p.createdAt, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
