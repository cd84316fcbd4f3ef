import { useState, type FormEvent } from 'react';
import { CASE_LABEL_TYPES } from '@store/shared/api/operator-cases';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useEditCase } from '../api/case-edit.ts';
import { caseEditOf, caseFormOf, type CaseData, type CaseForm, type CaseFormField } from '../utils/case-fields.ts';
import { needsRtpConfirmation, RtpConfirmDialog } from './case-rtp-confirm.tsx';
import { useT } from '#app/lib/use-t.ts';

type TextField = { [K in CaseFormField]: CaseForm[K] extends string ? K : never }[CaseFormField];
type FlagField = 'available' | 'locked' | 'battleAllowed' | 'hidden';

/** The groups of the form, each a list of text fields (names, look, price, label, limits). */
const GROUPS: { key: string; fields: TextField[] }[] = [
  { key: 'names', fields: ['nameRu', 'nameEn', 'imageUrl', 'color', 'sort'] },
  { key: 'price', fields: ['price', 'oldPrice'] },
  { key: 'label', fields: ['labelNameRu', 'labelNameEn', 'labelColor'] },
  { key: 'limits', fields: ['opensLimit', 'maxMultiOpen', 'everyNOpenFree', 'multifix', 'multicastFrom', 'multicastTo', 'volatility', 'level', 'coinsMin', 'coinsMax'] },
  { key: 'window', fields: ['saleFrom', 'saleUntil'] },
];
const DATE_FIELDS: readonly TextField[] = ['saleFrom', 'saleUntil'];
const FLAGS: FlagField[] = ['available', 'locked', 'battleAllowed', 'hidden'];

/**
 * Every field of a case the console may change: only what changed is sent, checked first by the
 * shared schema; a price that takes the return to player out of the guard range is sent again once
 * confirmed. Support sees the same form, read-only.
 */
export function CaseFieldsForm({ kase, sections, canChange }: { kase: CaseData; sections: { id: number; slug: string }[]; canChange: boolean }) {
  const t = useT();
  const alert = useAlert();
  const edit = useEditCase(kase.id);
  const [form, setForm] = useState(() => caseFormOf(kase));
  const [bad, setBad] = useState<CaseFormField[]>([]);
  const [reason, setReason] = useState('');
  const [ask, setAsk] = useState<string | null>(null);
  const set = <K extends CaseFormField>(k: K, v: CaseForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const check = caseEditOf(form, kase);
  const reasonText = reason.trim();
  const reasonOk = reasonText === '' || (reasonText.length >= ADJUSTMENT_REASON.min && reasonText.length <= ADJUSTMENT_REASON.max);

  const send = (confirm: boolean) => {
    if (!check.ok) return setBad(check.fields);
    setBad([]);
    if (!check.changed.length || !reasonOk) return;
    edit.mutate(
      { ...check.body, ...(confirm ? { confirm_rtp: true } : {}), ...(reasonText ? { reason: reasonText } : {}) },
      {
        onSuccess: (c) => {
          setAsk(null);
          setForm(caseFormOf(c));
          setReason('');
          alert.success(t('admin.cases.fields.saved'));
        },
        onError: (e) => {
          if (needsRtpConfirmation(e)) return setAsk(e.message);
          setAsk(null);
          alert.error(e instanceof ApiError ? e.message : t('error.title'));
        },
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(false);
  };
  const input = (k: TextField) => (
    <label key={k} className="field">
      <span className="field__label">{t(`admin.cases.fields.${k}`)}</span>
      <input
        type={DATE_FIELDS.includes(k) ? 'datetime-local' : undefined}
        value={form[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={bad.includes(k)}
        data-testid={`case-field-${k}`}
      />
    </label>
  );

  return (
    <section className="console-card" data-testid="case-fields" aria-label={t('admin.cases.fields.title')}>
      <h2>{t('admin.cases.fields.title')}</h2>
      <form className="console-form" onSubmit={submit} noValidate>
        <fieldset className="case-fieldset" disabled={!canChange}>
          {GROUPS.map((g) => (
            <div key={g.key} className="case-group">
              <h3>{t(`admin.cases.fields.groups.${g.key}`)}</h3>
              <div className="case-grid">
                {g.key === 'names' && (
                  <label className="field">
                    <span className="field__label">{t('admin.cases.fields.sectionId')}</span>
                    <select className="console-select" value={form.sectionId} onChange={(e) => set('sectionId', e.target.value)} data-testid="case-field-sectionId">
                      {sections.map((s) => (
                        <option key={s.id} value={String(s.id)}>
                          {s.slug}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {g.key === 'label' && (
                  <label className="field">
                    <span className="field__label">{t('admin.cases.fields.labelType')}</span>
                    <select className="console-select" value={form.labelType} onChange={(e) => set('labelType', e.target.value as CaseForm['labelType'])} aria-invalid={bad.includes('labelType')} data-testid="case-field-labelType">
                      <option value="">{t('admin.cases.labels.none')}</option>
                      {CASE_LABEL_TYPES.map((l) => (
                        <option key={l} value={l}>
                          {t(`admin.cases.labels.${l}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {g.fields.map(input)}
              </div>
            </div>
          ))}
          <div className="case-group">
            <h3>{t('admin.cases.fields.groups.availability')}</h3>
            <div className="case-flags">
              {FLAGS.map((k) => (
                <label key={k} className="switch">
                  <input type="checkbox" checked={form[k]} onChange={(e) => set(k, e.target.checked)} data-testid={`case-field-${k}`} />
                  {t(`admin.cases.fields.${k}`)}
                </label>
              ))}
            </div>
            <p className="muted console-hint">{t('admin.cases.fields.opened', { n: kase.opensCount })}</p>
          </div>
          {canChange && (
            <label className="field">
              <span className="field__label">{t('admin.cases.reason')}</span>
              <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={ADJUSTMENT_REASON.max} aria-invalid={!reasonOk} data-testid="case-reason" />
            </label>
          )}
        </fieldset>
        {bad.length > 0 && (
          <p className="form-error" role="alert" data-testid="case-fields-problem">
            {t('admin.cases.fields.problem', { fields: bad.map((f) => t(`admin.cases.fields.${f}`)).join(', ') })}
          </p>
        )}
        {canChange && (
          <button type="submit" className="btn btn--accent btn--m console-form__submit" disabled={edit.isPending || (check.ok && !check.changed.length)} data-testid="case-save">
            {t('admin.cases.fields.save')}
          </button>
        )}
      </form>
      {ask && <RtpConfirmDialog message={ask} pending={edit.isPending} onConfirm={() => send(true)} onCancel={() => setAsk(null)} />}
    </section>
  );
}
