import { Fragment, useState, type FormEvent } from 'react';
import { formatAmount } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useEditOffer } from '../api/offer-edit.ts';
import type { OfferData } from '../api/offer-list.ts';
import { useToggleOffer } from '../api/offer-toggle.ts';
import { offerEditBodyOf, offerFormOf, type OfferFormField, type OfferFormState } from '../utils/offer-form.ts';
import { EditSwitchActions } from './edit-switch-actions.tsx';
import { FormButtons } from './form-buttons.tsx';
import { useT } from '#app/lib/use-t.ts';

/** An offer's price, old price and sales limit, changed in place. */
function OfferEditForm({ offer, onDone }: { offer: OfferData; onDone: () => void }) {
  const t = useT();
  const alert = useAlert();
  const edit = useEditOffer(offer.id);
  const [form, setForm] = useState<OfferFormState>(() => offerFormOf(offer));
  const [problem, setProblem] = useState<OfferFormField | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = offerEditBodyOf(form, offer);
    if (!checked.ok) return setProblem(checked.field);
    setProblem(null);
    if (!checked.body) return onDone();
    edit.mutate(checked.body, {
      onSuccess: () => (alert.success(t('admin.offers.saved', { name: offer.name })), onDone()),
      onError: (err) => alert.error(err instanceof ApiError ? err.message : t('error.title')),
    });
  };
  const field = (k: OfferFormField) => (
    <label className="field">
      <span className="field__label">{t(`admin.offers.fields.${k}`)}</span>
      <input value={form[k]} onChange={(e) => (setForm((f) => ({ ...f, [k]: e.target.value })), setProblem(null))} inputMode="decimal" aria-invalid={problem === k} data-testid={`offer-${k}`} />
    </label>
  );
  return (
    <form className="console-form promo-form" onSubmit={submit} noValidate data-testid="offer-edit-form">
      <div className="promo-form__grid">
        {field('price')}
        {field('oldPrice')}
        {field('totalLimit')}
      </div>
      {problem && (
        <p className="console-note console-note--danger" role="alert" data-testid="offer-problem">
          {t(`admin.offers.problems.${problem}`)}
        </p>
      )}
      <FormButtons label={t('admin.promo.save')} pending={edit.isPending} testId="offer" onCancel={onDone} />
    </form>
  );
}

/**
 * Every offer: where it is sold (shop, secret shop, a trigger), its price and limit, its sales
 * (purchases, GOLD taken, players; for a trigger's offer, how often it was shown and bought) and
 * whether it is on sale. An admin edits the price and limit in place and takes it off sale.
 */
export function OfferTable({ offers, canChange }: { offers: OfferData[]; canChange: boolean }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const toggle = useToggleOffer();
  const [editing, setEditing] = useState<number | null>(null);
  const money = (v: number) => formatAmount(v, { locale: lang });
  const where = (o: OfferData) => (o.triggerType ? t('admin.offers.where.trigger', { type: o.triggerType }) : t(o.isSecret ? 'admin.offers.where.secret' : 'admin.offers.where.shop'));
  const switchOffer = (o: OfferData) =>
    toggle.mutate(
      { id: o.id, enable: o.disabled },
      {
        onSuccess: () => alert.success(t(o.disabled ? 'admin.offers.enabled' : 'admin.offers.disabled', { name: o.name })),
        onError: (e) => alert.error(e instanceof ApiError ? e.message : t('error.title')),
      },
    );
  return (
    <section className="console-card" data-testid="offer-list" aria-label={t('admin.offers.title')}>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.offers.list.offer')}</th>
              <th>{t('admin.offers.list.where')}</th>
              <th className="num">{t('admin.offers.list.price')}</th>
              <th className="num">{t('admin.offers.list.sold')}</th>
              <th className="num">{t('admin.offers.list.revenue')}</th>
              <th className="num">{t('admin.offers.list.players')}</th>
              {canChange && <th aria-hidden="true" />}
            </tr>
          </thead>
          <tbody>
            {offers.map((o) => (
              <Fragment key={o.id}>
                <tr data-testid="offer-row" data-name={o.name} data-state={o.state}>
                  <td className="console-table__wrap">
                    <div className="promo-table__code">
                      <b>{lang === 'en' ? o.titleEn : o.titleRu}</b>
                      <code>{o.name}</code>
                      <span className={o.state === 'on_sale' ? 'badge badge--confirmed' : o.state === 'disabled' ? 'badge badge--blocked' : 'badge'} data-testid="offer-state">
                        {t(`admin.offers.states.${o.state}`)}
                      </span>
                    </div>
                  </td>
                  <td className="console-table__wrap">{where(o)}</td>
                  <td className="num">
                    {money(o.price)}
                    <br />
                    <s className="muted">{money(o.oldPrice)}</s>
                  </td>
                  <td className="num offer-table__sold" data-testid="offer-sold">
                    {o.triggerType ? t('admin.offers.list.triggers', { fired: o.usage.triggersFired, bought: o.usage.triggersBought }) : `${o.usage.purchases} / ${o.totalLimit === 0 ? '∞' : o.totalLimit}`}
                  </td>
                  <td className="num" data-testid="offer-revenue">
                    {money(o.usage.revenue)}
                  </td>
                  <td className="num">{o.usage.players}</td>
                  {canChange && (
                    <td>
                      <EditSwitchActions
                        kind="offer"
                        off={o.disabled}
                        pending={toggle.isPending}
                        switchLabel={t(o.disabled ? 'admin.offers.enable' : 'admin.offers.disable')}
                        onEdit={() => setEditing(editing === o.id ? null : o.id)}
                        onSwitch={() => switchOffer(o)}
                      />
                    </td>
                  )}
                </tr>
                {editing === o.id && (
                  <tr>
                    <td colSpan={canChange ? 7 : 6} className="promo-table__edit">
                      <OfferEditForm offer={o} onDone={() => setEditing(null)} />
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
