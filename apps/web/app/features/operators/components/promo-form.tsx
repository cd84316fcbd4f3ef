import { useState, type FormEvent } from 'react';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useCreatePromoCode } from '../api/promo-create.ts';
import { useEditPromoCode } from '../api/promo-edit.ts';
import type { PromoCodeData } from '../api/promo-codes.ts';
import { changedOnly, emptyPromoForm, promoCreateBodyOf, promoEditBodyOf, promoFormOf, type PromoFormField, type PromoFormKind, type PromoFormState } from '../utils/promo-form.ts';
import { useT } from '#app/lib/use-t.ts';

const KINDS: PromoFormKind[] = ['common', 'instant', 'case'];

/**
 * A promo code's terms, dates and limits: empty to make a new code, or filled from `editing` to
 * change one (its code and kind stay). The server checks every rule again; its refusal is shown.
 */
export function PromoForm({ editing, onDone }: { editing?: PromoCodeData; onDone?: () => void }) {
  const t = useT();
  const alert = useAlert();
  const create = useCreatePromoCode();
  const edit = useEditPromoCode(editing?.code ?? '');
  const [form, setForm] = useState<PromoFormState>(() => (editing ? promoFormOf(editing) : emptyPromoForm));
  const [problem, setProblem] = useState<PromoFormField | null>(null);
  const set = (k: keyof PromoFormState) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setProblem(null);
  };
  const pending = create.isPending || edit.isPending;
  const onError = (e: unknown) => alert.error(e instanceof ApiError ? e.message : t('error.title'));
  const id = editing ? `promo-edit-${editing.code}` : 'promo-create';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (editing) {
      const checked = promoEditBodyOf(form, editing.terms);
      if (!checked.ok) return setProblem(checked.field);
      setProblem(null);
      const was = promoEditBodyOf(promoFormOf(editing), editing.terms);
      const changes = was.ok ? changedOnly(checked.body, was.body) : checked.body;
      if (!changes) return onDone?.();
      edit.mutate(changes, { onSuccess: () => (alert.success(t('admin.promo.saved', { code: editing.code })), onDone?.()), onError });
    } else {
      const checked = promoCreateBodyOf(form);
      if (!checked.ok) return setProblem(checked.field);
      setProblem(null);
      create.mutate(checked.body, {
        onSuccess: (made) => (alert.success(t('admin.promo.created', { code: made.code })), setForm(emptyPromoForm), onDone?.()),
        onError,
      });
    }
  };

  const field = (k: PromoFormField, label: string, props: { inputMode?: 'decimal' | 'numeric'; type?: string; placeholder?: string } = {}) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input value={form[k]} onChange={set(k)} aria-invalid={problem === k} data-testid={`promo-${k}`} {...props} />
    </label>
  );

  return (
    <form className="console-form promo-form" onSubmit={submit} noValidate data-testid={editing ? 'promo-edit-form' : 'promo-create-form'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{editing ? t('admin.promo.editTitle', { code: editing.code }) : t('admin.promo.createTitle')}</h2>
      <div className="promo-form__grid">
        {!editing && field('code', t('admin.promo.fields.code'), { placeholder: 'AUTUMN25' })}
        <label className="field">
          <span className="field__label">{t('admin.promo.fields.kind')}</span>
          <select className="console-select" value={form.kind} onChange={set('kind')} disabled={!!editing} data-testid="promo-kind">
            {(editing?.kind === 'blogger' ? [...KINDS, 'blogger' as const] : KINDS).map((k) => (
              <option key={k} value={k}>
                {t(`admin.promo.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {form.kind === 'common' && field('value', t('admin.promo.fields.percent'), { inputMode: 'decimal', placeholder: '10' })}
        {form.kind === 'instant' && field('value', t('admin.promo.fields.sum'), { inputMode: 'decimal', placeholder: '50' })}
        {form.kind === 'case' && field('caseSlug', t('admin.promo.fields.case'))}
        {form.kind === 'case' && field('days', t('admin.promo.fields.days'), { inputMode: 'numeric' })}
        {field('startsAt', t('admin.promo.fields.startsAt'), { type: 'datetime-local' })}
        {field('expiresAt', t('admin.promo.fields.expiresAt'), { type: 'datetime-local' })}
        {field('totalLimit', t('admin.promo.fields.totalLimit'), { inputMode: 'numeric' })}
        {field('perPlayerLimit', t('admin.promo.fields.perPlayerLimit'), { inputMode: 'numeric' })}
      </div>
      <p className="muted console-hint">{t('admin.promo.hint')}</p>
      {problem && (
        <p className="console-note console-note--danger" role="alert" data-testid="promo-problem">
          {t(`admin.promo.problems.${problem}`)}
        </p>
      )}
      <div className="console-actions console-actions--tight">
        <button type="submit" className="btn btn--accent btn--m" disabled={pending} data-testid="promo-submit">
          {editing ? t('admin.promo.save') : t('admin.promo.create')}
        </button>
        {onDone && (
          <button type="button" className="btn btn--secondary btn--m" onClick={onDone} data-testid="promo-cancel">
            {t('admin.promo.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
