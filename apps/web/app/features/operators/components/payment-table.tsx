import { Form, Link } from 'react-router';
import { PAYMENT_STATUSES } from '@store/shared/payments/status';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { PaymentListData } from '../api/payment-list.ts';
import { formatMoney } from '../utils/case-format.ts';
import type { PaymentFilter } from '../utils/withdrawal-filter.ts';
import { useT } from '#app/lib/use-t.ts';

/** The payments' search: an order, a provider reference, a promo code or a player, and a status; both stand in the address. */
export function PaymentFilterForm({ filter }: { filter: PaymentFilter }) {
  const t = useT();
  return (
    <Form method="get" className="console-search" role="search" data-testid="payment-filter">
      <label className="field console-search__field">
        <span className="field__label">{t('admin.payments.searchLabel')}</span>
        <input name="q" defaultValue={filter.q ?? ''} placeholder={t('admin.payments.searchPlaceholder')} maxLength={100} autoComplete="off" data-testid="payment-search" />
      </label>
      <label className="field">
        <span className="field__label">{t('admin.payments.status')}</span>
        <select name="status" className="console-select" defaultValue={filter.status ?? ''} data-testid="payment-status">
          <option value="">{t('admin.payments.anyStatus')}</option>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.payments.statuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn--primary btn--m" data-testid="payment-apply">
        {t('admin.payments.apply')}
      </button>
    </Form>
  );
}

const badge = { success: 'badge badge--confirmed', fail: 'badge badge--blocked', pending: 'badge' } as const;

/** Payments, newest first: the player, the provider and its reference, the sums, the promo code, and what the settling callback credited. */
export function PaymentTable({ items }: { items: PaymentListData['items'] }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  if (items.length === 0) return <p className="empty">{t('admin.payments.empty')}</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="payments">
        <thead>
          <tr>
            <th>{t('admin.payments.order')}</th>
            <th>{t('admin.payments.player')}</th>
            <th>{t('admin.payments.provider')}</th>
            <th className="num">{t('admin.payments.amount')}</th>
            <th>{t('admin.payments.status')}</th>
            <th>{t('admin.payments.promo')}</th>
            <th>{t('admin.payments.callback')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} data-testid="payment-row" data-status={p.status}>
              <td>
                <code>{p.id}</code>
                <div className="muted">{formatDateTime(p.createdAt, lang)}</div>
              </td>
              <td>
                <Link className="console-link" to={to(`/admin/players/${p.player.id}`)}>
                  {p.player.login}
                </Link>
                <div className="muted">#{p.player.id}</div>
              </td>
              <td className="console-state">
                <div>{p.provider}</div>
                <div>{p.providerReference ? <code>{p.providerReference}</code> : '—'}</div>
                <div>
                  {p.country} · {p.payMethod}
                </div>
              </td>
              <td className="num">
                {formatMoney(p.amount, lang)} {p.currency}
                <div className="muted">{t('admin.payments.siteAmount', { amount: formatMoney(p.siteAmount, lang) })}</div>
              </td>
              <td>
                <span className={badge[p.status]}>{t(`admin.payments.statuses.${p.status}`)}</span>
              </td>
              <td>
                {p.promoCode ? <code>{p.promoCode}</code> : '—'}
                {p.promoBonus !== null && <div className="muted">+{formatMoney(p.promoBonus, lang)}</div>}
              </td>
              <td className="console-table__wrap console-state">
                {p.settledAt ? (
                  <>
                    <div>{t('admin.payments.settled', { date: formatDateTime(p.settledAt, lang) })}</div>
                    {p.credits.map((c, i) => (
                      <div key={i}>
                        {t(`admin.payments.credits.${c.reason}`, { defaultValue: c.reason })}: +{formatMoney(c.amount, lang)} {c.currency}
                      </div>
                    ))}
                  </>
                ) : (
                  t('admin.payments.noCallback')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
