import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { getCases } from '../api/case-list.ts';
import { useCreateOffer } from '../api/offer-create.ts';
import { caseNameIn } from '../utils/case-format.ts';
import { emptyOfferCreateForm, OFFER_CASES_MAX, offerCasesWorth, offerCreateBodyOf, type OfferCaseLine, type OfferCreateField, type OfferCreateFormState } from '../utils/offer-create-form.ts';
import { FormButtons } from './form-buttons.tsx';
import { useT } from '#app/lib/use-t.ts';

type TextField = Exclude<OfferCreateField, 'cases'>;
const DECIMAL: TextField[] = ['price', 'oldPrice', 'bonusCoins', 'bonusMoney'];
const WHOLE: TextField[] = ['sort', 'totalLimit'];

/**
 * A new offer (admins): its name, fixed for ever, titles and descriptions in both languages,
 * price and old price, the cases it opens, bonuses, where it is sold, its order, dates and sales
 * limit. The cases to pick from are the GOLD cases with an odds table, as the case console lists them
 * (a hidden one too, marked, so an offer can be readied before its case opens).
 */
export function OfferCreateForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const call = useApi();
  const create = useCreateOffer();
  const cases = useQuery({ queryKey: ['operators', 'cases'], queryFn: () => getCases(call), staleTime: 30_000 });
  const [form, setForm] = useState<OfferCreateFormState>(emptyOfferCreateForm);
  const [problem, setProblem] = useState<OfferCreateField | null>(null);
  const change = (next: Partial<OfferCreateFormState>) => (setForm((f) => ({ ...f, ...next })), setProblem(null));
  const setLine = (i: number, line: Partial<OfferCaseLine>) => change({ cases: form.cases.map((l, j) => (j === i ? { ...l, ...line } : l)) });

  const name = caseNameIn(lang);
  const choices = (cases.data?.items ?? []).filter((c) => c.oddsId !== null && c.currency === 'GOLD' && !c.daily);
  const priceOf = (slug: string) => choices.find((c) => c.slug === slug)?.price;
  const worth = offerCasesWorth(form.cases, priceOf);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = offerCreateBodyOf(form);
    if (!checked.ok) return setProblem(checked.field);
    setProblem(null);
    create.mutate(checked.body, {
      onSuccess: (made) => (alert.success(t('admin.offers.created', { name: made.name })), onDone()),
      onError: (err) => alert.error(err instanceof ApiError ? err.message : t('error.title')),
    });
  };

  const field = (k: TextField, props: { type?: string; placeholder?: string } = {}) => (
    <label className="field">
      <span className="field__label">{t(`admin.offers.fields.${k}`)}</span>
      <input
        value={form[k]}
        onChange={(e) => change({ [k]: e.target.value })}
        inputMode={DECIMAL.includes(k) ? 'decimal' : WHOLE.includes(k) ? 'numeric' : undefined}
        aria-invalid={problem === k}
        data-testid={`offer-new-${k}`}
        {...props}
      />
    </label>
  );
  const text = (k: 'descriptionRu' | 'descriptionEn') => (
    <label className="field">
      <span className="field__label">{t(`admin.offers.fields.${k}`)}</span>
      <textarea className="console-textarea" rows={2} value={form[k]} onChange={(e) => change({ [k]: e.target.value })} aria-invalid={problem === k} data-testid={`offer-new-${k}`} />
    </label>
  );

  return (
    <form className="console-form promo-form" onSubmit={submit} noValidate data-testid="offer-create-form" aria-labelledby="offer-create-title">
      <h2 id="offer-create-title">{t('admin.offers.new')}</h2>
      <div className="promo-form__grid offer-create__grid">
        {field('name', { placeholder: 'spring_pack' })}
        {field('titleRu')}
        {field('titleEn')}
        <label className="field">
          <span className="field__label">{t('admin.offers.fields.isSecret')}</span>
          <select className="console-select" value={form.isSecret ? 'secret' : 'shop'} onChange={(e) => change({ isSecret: e.target.value === 'secret' })} data-testid="offer-new-isSecret">
            <option value="shop">{t('admin.offers.where.shop')}</option>
            <option value="secret">{t('admin.offers.where.secret')}</option>
          </select>
        </label>
      </div>
      <div className="offer-create__texts">
        {text('descriptionRu')}
        {text('descriptionEn')}
      </div>

      <fieldset className="offer-create__cases" aria-invalid={problem === 'cases'} data-testid="offer-new-cases">
        <legend className="field__label">{t('admin.offers.fields.cases')}</legend>
        {cases.isError && <p className="console-note console-note--danger">{t('admin.offers.casesFailed')}</p>}
        {form.cases.map((line, i) => (
          <div key={i} className="offer-create__case" data-testid="offer-new-case">
            <select
              className="console-select"
              value={line.slug}
              onChange={(e) => setLine(i, { slug: e.target.value })}
              aria-label={t('admin.offers.fields.case')}
              aria-invalid={problem === 'cases' && !line.slug}
              disabled={cases.isPending}
              data-testid="offer-new-case-slug"
            >
              <option value="">{cases.isPending ? t('common.loading') : t('admin.offers.pickCase')}</option>
              {choices.map((c) => (
                <option key={c.id} value={c.slug}>
                  {`${name(c)} · ${formatAmount(c.price, { locale: lang })} GOLD${c.openable ? '' : ` · ${t('admin.offers.caseClosed')}`}`}
                </option>
              ))}
            </select>
            <span className="offer-create__times" aria-hidden="true">
              ×
            </span>
            <input
              value={line.count}
              onChange={(e) => setLine(i, { count: e.target.value })}
              inputMode="numeric"
              aria-label={t('admin.offers.fields.count')}
              data-testid="offer-new-case-count"
            />
            <button
              type="button"
              className="btn btn--secondary btn--s"
              onClick={() => change({ cases: form.cases.filter((_, j) => j !== i) })}
              disabled={form.cases.length === 1}
              data-testid="offer-new-case-remove"
            >
              {t('admin.offers.removeCase')}
            </button>
          </div>
        ))}
        <div className="offer-create__case-foot">
          <button
            type="button"
            className="btn btn--secondary btn--s"
            onClick={() => change({ cases: [...form.cases, { slug: '', count: '1' }] })}
            disabled={form.cases.length >= OFFER_CASES_MAX}
            data-testid="offer-new-case-add"
          >
            {t('admin.offers.addCase')}
          </button>
          {worth > 0 && (
            <small className="muted" data-testid="offer-new-worth">
              {t('admin.offers.casesWorth', { sum: formatAmount(worth, { locale: lang }) })}
            </small>
          )}
        </div>
      </fieldset>

      <div className="promo-form__grid offer-create__grid">
        {field('price', { placeholder: '99,90' })}
        {field('oldPrice')}
        {field('bonusMoney')}
        {field('bonusCoins')}
        {field('startsAt', { type: 'datetime-local' })}
        {field('endsAt', { type: 'datetime-local' })}
        {field('totalLimit')}
        {field('sort')}
      </div>
      {field('reason')}
      <p className="muted console-hint">{t('admin.offers.createHint')}</p>
      {problem && (
        <p className="console-note console-note--danger" role="alert" data-testid="offer-new-problem">
          {t(`admin.offers.problems.${problem}`)}
        </p>
      )}
      <FormButtons label={t('admin.offers.create')} pending={create.isPending} testId="offer-new" onCancel={onDone} />
    </form>
  );
}
