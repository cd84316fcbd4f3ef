import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { usePlayerMessages } from '../api/get-player-records.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Every message sent to the player (letters and notifications, one row per channel) with its state,
 * attempts and last error: support answers "I never got the reminder" from here.
 */
export function PlayerMessages({ playerId }: { playerId: number }) {
  const t = useT();
  const lang = useLang();
  const { data } = usePlayerMessages(playerId);
  return (
    <section className="console-card" data-testid="player-messages" aria-label={t('admin.records.tabs.messages')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : data.messages.length === 0 ? (
        <p className="empty empty--small">{t('admin.records.noMessages')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('admin.ledger.when')}</th>
                <th>{t('admin.records.channel')}</th>
                <th>{t('admin.records.message')}</th>
                <th>{t('admin.records.status')}</th>
                <th className="num">{t('admin.records.tries')}</th>
                <th>{t('admin.records.lastError')}</th>
              </tr>
            </thead>
            <tbody>
              {data.messages.map((m) => (
                <tr key={m.id} data-testid="player-message" data-state={m.state}>
                  <td>{formatDateTime(m.sentAt ?? m.createdAt, lang)}</td>
                  <td>{m.channel}</td>
                  <td>
                    <code>{m.kind}</code>
                  </td>
                  <td>{t(`admin.records.messageStates.${m.state}`)}</td>
                  <td className="num">{m.attempts}</td>
                  <td className="console-table__wrap">{m.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
