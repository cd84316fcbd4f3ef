import { formatAmount } from '@store/shared/money';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import type { PlayerData } from '../api/get-player.ts';
import { useT } from '#app/lib/use-t.ts';

/** A player's profile as support reads it: who they are, how they sign in, their standing and wallets. */
export function PlayerProfile({ player }: { player: PlayerData }) {
  const t = useT();
  const lang = useLang();
  const rows: [string, string][] = [
    [t('admin.players.id'), String(player.id)],
    [t('admin.players.login'), player.login],
    [t('admin.player.email'), player.email ?? '—'],
    [t('admin.player.language'), player.language],
    [t('admin.player.regType'), player.regType],
    [t('admin.player.providers'), player.identities.map((i) => `${i.provider}: ${i.name || i.subject}`).join(', ') || '—'],
    [t('admin.players.steam'), player.steamId ?? '—'],
    [t('admin.player.tradeLink'), player.steam.link ?? '—'],
    [t('admin.players.since'), formatDateTime(player.createdAt, lang)],
    [t('admin.player.opened'), String(player.casesOpened)],
    [t('admin.player.spent'), formatAmount(player.spent, { locale: lang })],
  ];
  return (
    <section className="console-card" data-testid="player-profile" aria-label={t('admin.player.profile')}>
      <div className="console-card__head">
        <h1 data-testid="player-nickname">{player.nickname}</h1>
        <span className="badge" data-testid="player-role">
          {t(`admin.roles.${player.role ?? 'none'}`)}
        </span>
        <span className={player.blocked ? 'badge badge--blocked' : 'badge badge--confirmed'} data-testid="player-state">
          {t(player.blocked ? 'admin.players.blocked' : 'admin.players.active')}
        </span>
      </div>
      {player.blocked && player.blockedAt && (
        <p className="console-note console-note--danger" data-testid="player-blocked-reason">
          {t('admin.player.blockedSince', { date: formatDateTime(player.blockedAt, lang), reason: player.blockedReason ?? '—' })}
        </p>
      )}
      <div className="console-wallets" aria-label={t('admin.player.wallets')}>
        {player.wallets.map((w) => (
          <div key={w.currency} className="console-wallet" data-testid={`wallet-${w.currency}`}>
            <span className="muted">{t(`admin.player.currencies.${w.currency}`)}</span>
            <b data-testid="wallet-balance">{formatAmount(w.balance, { locale: lang })}</b>
          </div>
        ))}
      </div>
      <dl className="console-facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
