import { useState } from 'react';
import { Form, Link } from 'react-router';
import { WITHDRAWAL_ACTIONS, withdrawalActionRefusal, type WithdrawalAction } from '@store/shared/api/operator-queue';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { QueuedWithdrawal } from '../api/withdrawal-queue.ts';
import { formatMoney } from '../utils/case-format.ts';
import type { WithdrawalFilter } from '../utils/withdrawal-filter.ts';
import { WithdrawalActionDialog } from './withdrawal-action-dialog.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The queue's filter: what needs an operator or everything, and a search; both stand in the address. */
export function WithdrawalFilterForm({ filter }: { filter: WithdrawalFilter }) {
  const t = useT();
  return (
    <Form method="get" className="console-search" role="search" data-testid="withdrawal-filter">
      <label className="field">
        <span className="field__label">{t('admin.withdrawals.show')}</span>
        <select name="state" className="console-select" defaultValue={filter.state} data-testid="withdrawal-state">
          <option value="attention">{t('admin.withdrawals.attentionOnly')}</option>
          <option value="all">{t('admin.withdrawals.all')}</option>
        </select>
      </label>
      <label className="field console-search__field">
        <span className="field__label">{t('admin.withdrawals.searchLabel')}</span>
        <input name="q" defaultValue={filter.q ?? ''} placeholder={t('admin.withdrawals.searchPlaceholder')} maxLength={100} autoComplete="off" data-testid="withdrawal-search" />
      </label>
      <button type="submit" className="btn btn--primary btn--m" data-testid="withdrawal-apply">
        {t('admin.withdrawals.apply')}
      </button>
    </Form>
  );
}

const stateBadge = (w: QueuedWithdrawal) =>
  w.state === 'accepted' ? 'badge badge--confirmed' : w.attention === null ? 'badge' : 'badge badge--blocked';

/**
 * The withdrawals, newest first: the player, the item and its price, where it stands and why, the
 * marketplace's references and the times, and the actions its state allows, each confirmed first.
 */
export function WithdrawalQueueTable({ items, now, onActed }: { items: QueuedWithdrawal[]; now: Date; onActed: (action: WithdrawalAction) => void }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const [asking, setAsking] = useState<{ w: QueuedWithdrawal; action: WithdrawalAction } | null>(null);
  if (items.length === 0) return <p className="empty">{t('admin.withdrawals.empty')}</p>;
  const at = (iso: string | null) => (iso ? formatDateTime(iso, lang) : '—');
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="withdrawal-queue">
        <thead>
          <tr>
            <th>{t('admin.withdrawals.withdrawal')}</th>
            <th>{t('admin.withdrawals.player')}</th>
            <th>{t('admin.withdrawals.item')}</th>
            <th>{t('admin.withdrawals.state')}</th>
            <th>{t('admin.withdrawals.actionsTitle')}</th>
            <th>{t('admin.withdrawals.marketplace')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((w) => {
            const refusal = (a: WithdrawalAction) => withdrawalActionRefusal(a, { state: w.state, reason: w.reason, updatedAt: new Date(w.updatedAt), working: w.working }, now);
            const allowed = WITHDRAWAL_ACTIONS.filter((a) => refusal(a) === null);
            return (
              <tr key={w.id} data-testid="withdrawal-row" data-id={w.id} data-state={w.state} data-attention={w.attention ?? ''}>
                <td>
                  <b>#{w.id}</b>
                  <div className="muted">{t(`admin.withdrawals.methods.${w.method}`)}</div>
                  <div className="console-state">{at(w.createdAt)}</div>
                </td>
                <td>
                  <Link className="console-link" to={to(`/admin/players/${w.player.id}`)}>
                    {w.player.login}
                  </Link>
                  <div className="muted">
                    #{w.player.id} · {w.player.nickname}
                  </div>
                </td>
                <td className="console-table__wrap">
                  {w.item.name}
                  <div className="muted">
                    {formatMoney(w.item.price, lang)} · {t('admin.withdrawals.maxPrice', { price: formatMoney(w.maxPrice, lang) })}
                  </div>
                  <div className="muted">
                    {t('admin.withdrawals.itemStatus')} <code>{w.item.status}</code>
                  </div>
                </td>
                <td className="console-table__wrap">
                  <span className={stateBadge(w)} data-testid="withdrawal-state-badge">
                    {t(`admin.withdrawals.states.${w.state}`)}
                  </span>
                  {w.attention && <div className="console-accent">{t(`admin.withdrawals.attention.${w.attention}`)}</div>}
                  <div className="console-state">
                    {t('admin.withdrawals.updated')}: {at(w.updatedAt)}
                  </div>
                  {w.reason && (
                    <div className="muted">
                      <code>{w.reason}</code>
                    </div>
                  )}
                  {w.history.map((h) => (
                    <div key={`${h.action}${h.at}`} className="console-state">
                      {t(`admin.withdrawals.history.${h.action.replace('withdrawals.', '')}`, { defaultValue: h.action })} · {h.operator} · {at(h.at)}
                      {h.reason ? ` · ${h.reason}` : ''}
                    </div>
                  ))}
                </td>
                <td>
                  {allowed.length === 0 ? (
                    <span className="muted">{t(refusal('refund') === 'withdrawal_busy' ? 'admin.withdrawals.workerHasIt' : 'admin.withdrawals.noActions')}</span>
                  ) : (
                    <div className="console-actions console-actions--stack">
                      {allowed.map((a) => (
                        <button
                          key={a}
                          type="button"
                          className={a === 'refund' ? 'btn btn--danger btn--s' : 'btn btn--secondary btn--s'}
                          onClick={() => setAsking({ w, action: a })}
                          data-testid={`withdrawal-${a}`}
                        >
                          {t(`admin.withdrawals.actions.${a}`)}
                        </button>
                      ))}
                    </div>
                  )}
                </td>
                <td className="console-table__wrap console-state">
                  <div>
                    {t('admin.withdrawals.customId')}: <code>{w.customId}</code>
                  </div>
                  <div>
                    {t('admin.withdrawals.orderId')}: {w.vendorOrderId ? <code>{w.vendorOrderId}</code> : '—'}
                  </div>
                  <div>
                    {t('admin.withdrawals.tradeId')}: {w.tradeId ? <code>{w.tradeId}</code> : '—'}
                  </div>
                  <div>
                    {t('admin.withdrawals.attempts')}: {w.attempts}
                  </div>
                  <div>
                    {t('admin.withdrawals.placed')}: {at(w.placedAt)}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {asking && (
        <WithdrawalActionDialog
          withdrawal={asking.w}
          action={asking.action}
          onClose={() => setAsking(null)}
          onDone={(action) => {
            setAsking(null);
            onActed(action);
          }}
        />
      )}
    </div>
  );
}
