import { Fragment, useState } from 'react';
import { formatDateTimeUtc } from '@store/shared/format/dates';
import { formatAmount } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import type { PromoCodeData } from '../api/promo-codes.ts';
import { useTogglePromoCode } from '../api/promo-toggle.ts';
import { PromoForm } from './promo-form.tsx';
import { EditSwitchActions } from './edit-switch-actions.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * Every promo code: its terms, period and limits, what players made of it (uses, GOLD credited,
 * players, players holding it for a deposit) and what a player is told now. An admin edits a
 * code in place and switches it off or on.
 */
export function PromoTable({ codes, canChange }: { codes: PromoCodeData[]; canChange: boolean }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const toggle = useTogglePromoCode();
  const [editing, setEditing] = useState<string | null>(null);
  const money = (v: number) => formatAmount(v, { locale: lang });
  const when = (iso: string | null) => (iso ? formatDateTimeUtc(iso, lang) : '—');
  const limit = (n: number) => (n === 0 ? '∞' : String(n));
  const termsText = (c: PromoCodeData) => {
    const x = c.terms;
    if (x.kind === 'common') return t('admin.promo.terms.common', { percent: x.percent });
    if (x.kind === 'instant') return t('admin.promo.terms.instant', { sum: money(x.sum) });
    if (x.kind === 'case') return t('admin.promo.terms.case', { slug: x.caseSlug, days: x.days });
    return t('admin.promo.terms.blogger', { count: x.flexOffers.length });
  };
  const switchCode = (c: PromoCodeData) =>
    toggle.mutate(
      { code: c.code, enable: c.disabled },
      {
        onSuccess: () => alert.success(t(c.disabled ? 'admin.promo.enabled' : 'admin.promo.disabled', { code: c.code })),
        onError: (e) => alert.error(e instanceof ApiError ? e.message : t('error.title')),
      },
    );
  const columns = canChange ? 8 : 7;

  return (
    <section className="console-card" data-testid="promo-list" aria-label={t('admin.promo.listTitle')}>
      <h2>{t('admin.promo.listTitle')}</h2>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.promo.list.code')}</th>
              <th>{t('admin.promo.list.terms')}</th>
              <th>{t('admin.promo.list.period')}</th>
              <th className="num">{t('admin.promo.list.limits')}</th>
              <th className="num">{t('admin.promo.list.uses')}</th>
              <th className="num">{t('admin.promo.list.credited')}</th>
              <th className="num">{t('admin.promo.list.players')}</th>
              {canChange && <th aria-hidden="true" />}
            </tr>
          </thead>
          <tbody>
            {codes.map((c) => (
              <Fragment key={c.code}>
                <tr data-testid="promo-row" data-code={c.code} data-state={c.state}>
                  <td>
                    <div className="promo-table__code">
                      <code>{c.code}</code>
                      <span className={c.state === 'active' ? 'badge badge--confirmed' : c.state === 'disabled' ? 'badge badge--blocked' : 'badge'} data-testid="promo-state">
                        {t(`admin.promo.states.${c.state}`)}
                      </span>
                      <small className="muted">{c.createdBy}</small>
                    </div>
                  </td>
                  <td className="console-table__wrap">{termsText(c)}</td>
                  <td className="promo-table__period">
                    <small>
                      {when(c.startsAt)}
                      <br />→ {when(c.expiresAt)}
                    </small>
                  </td>
                  <td className="num" title={t('admin.promo.list.limitsHint')}>
                    {limit(c.totalLimit)} / {limit(c.perPlayerLimit)}
                  </td>
                  <td className="num" data-testid="promo-uses">
                    {c.usage.uses}
                  </td>
                  <td className="num" data-testid="promo-credited">
                    {money(c.usage.credited)}
                  </td>
                  <td className="num" data-testid="promo-players">
                    {c.usage.players}
                    {c.usage.attached > 0 && (
                      <small className="muted promo-table__attached" data-testid="promo-attached">
                        {t('admin.promo.list.attached', { count: c.usage.attached })}
                      </small>
                    )}
                  </td>
                  {canChange && (
                    <td>
                      <EditSwitchActions
                        kind="promo"
                        off={c.disabled}
                        pending={toggle.isPending}
                        switchLabel={t(c.disabled ? 'admin.promo.enable' : 'admin.promo.disable')}
                        onEdit={() => setEditing(editing === c.code ? null : c.code)}
                        onSwitch={() => switchCode(c)}
                      />
                    </td>
                  )}
                </tr>
                {editing === c.code && (
                  <tr>
                    <td colSpan={columns} className="promo-table__edit">
                      <PromoForm editing={c} onDone={() => setEditing(null)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
