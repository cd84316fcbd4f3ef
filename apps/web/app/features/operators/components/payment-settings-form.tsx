import { useState, type FormEvent, type ReactNode } from 'react';
import type { PaymentSettingsDocument } from '@store/shared/payments/settings-document';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useSavePaymentSettings } from '../api/payment-settings-save.ts';
import {
  documentOf,
  formProblems,
  levelPath,
  methodPath,
  paymentSettingsFormOf,
  problemKind,
  problemsByPath,
  unplacedProblems,
  type FormProblems,
  type PaymentSettingsForm as FormState,
} from '../utils/payment-settings-form.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The payment settings an admin edits (decision 076): each method's limits and on/off, the bonus
 * levels and the coins factor, saved with a note as a new version on top of `version`. The shared
 * rules are checked before sending and the server's refusal is shown the same way, each problem
 * beside its field.
 */
export function PaymentSettingsForm({ version, document }: { version: number; document: PaymentSettingsDocument }) {
  const t = useT();
  const alert = useAlert();
  const save = useSavePaymentSettings();
  const [form, setForm] = useState<FormState>(() => paymentSettingsFormOf(document));
  const [problems, setProblems] = useState<FormProblems>({});
  const edit = (change: (f: FormState) => void) => {
    setForm((f) => {
      const next = structuredClone(f);
      change(next);
      return next;
    });
    setProblems({});
  };
  const problemText = (path: string) => problems[path] && t(`admin.paymentSettings.problems.${problemKind(path)}`, { defaultValue: problems[path] });
  const shown = (path: string): ReactNode =>
    problems[path] ? (
      <span className="field__error" role="alert" data-testid={`problem-${path}`}>
        {problemText(path)}
      </span>
    ) : null;
  const input = (path: string, value: string, onChange: (v: string) => void, label: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input value={value} inputMode="decimal" aria-invalid={Boolean(problems[path])} onChange={(e) => onChange(e.target.value)} data-testid={`field-${path}`} />
      {shown(path)}
    </label>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = formProblems(document, form);
    if (form.note.trim().length < 3) found.note = 'note';
    if (Object.keys(found).length) return setProblems(found);
    save.mutate(
      { based_on: version, document: documentOf(document, form), note: form.note.trim() },
      {
        onSuccess: (saved) => alert.success(t('admin.paymentSettings.saved', { version: saved.version })),
        onError: (err) => {
          const listed = err instanceof ApiError && Array.isArray(err.params?.problems) ? (err.params.problems as { path: string; message: string }[]) : [];
          if (listed.length) setProblems(problemsByPath(listed));
          alert.error(err instanceof ApiError ? err.message : t('error.title'));
        },
      },
    );
  };
  const others = unplacedProblems(problems, form).filter((p) => !p.startsWith('note'));

  return (
    <form className="console-form" onSubmit={submit} noValidate data-testid="payment-settings-form" aria-labelledby="payment-settings-form-title">
      <h2 id="payment-settings-form-title">{t('admin.paymentSettings.form.title', { version })}</h2>
      <p className="muted console-hint">{t('admin.paymentSettings.form.hint')}</p>
      {form.countries.map((c, i) => (
        <fieldset key={c.country} className="console-card" data-testid={`country-${c.country}`}>
          <legend>
            {c.country} · {c.currency}
          </legend>
          <div className="console-table-wrap">
            <table className="console-table">
              <thead>
                <tr>
                  <th>{t('admin.paymentSettings.form.method')}</th>
                  <th>{t('admin.paymentSettings.form.min')}</th>
                  <th>{t('admin.paymentSettings.form.max')}</th>
                  <th>{t('admin.paymentSettings.form.enabled')}</th>
                </tr>
              </thead>
              <tbody>
                {c.methods.map((m, j) => (
                  <tr key={m.id} data-testid={`method-${m.id}`}>
                    <td>
                      {m.name} <code>#{m.id}</code>
                    </td>
                    <td>{input(methodPath(i, j, 'min'), m.min, (v) => edit((f) => (f.countries[i]!.methods[j]!.min = v)), t('admin.paymentSettings.form.min'))}</td>
                    <td>{input(methodPath(i, j, 'max'), m.max, (v) => edit((f) => (f.countries[i]!.methods[j]!.max = v)), t('admin.paymentSettings.form.max'))}</td>
                    <td>
                      <input
                        type="checkbox"
                        checked={m.enabled}
                        aria-label={t('admin.paymentSettings.form.enabled')}
                        onChange={(e) => edit((f) => (f.countries[i]!.methods[j]!.enabled = e.target.checked))}
                        data-testid={`enabled-${c.country}-${m.id}`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
      ))}
      <fieldset className="console-card" data-testid="bonus-levels">
        <legend>{t('admin.paymentSettings.form.levels')}</legend>
        {form.levels.map((l, i) => (
          <div key={i} className="console-actions console-actions--tight" data-testid={`level-${i}`}>
            {input(levelPath(i, 'limit'), l.limit, (v) => edit((f) => (f.levels[i]!.limit = v)), t('admin.paymentSettings.form.limit'))}
            {input(levelPath(i, 'bonusMultiplier'), l.percent, (v) => edit((f) => (f.levels[i]!.percent = v)), t('admin.paymentSettings.form.percent'))}
            <button type="button" className="btn btn--secondary btn--m" onClick={() => edit((f) => f.levels.splice(i, 1))} data-testid={`level-remove-${i}`}>
              {t('admin.paymentSettings.form.removeLevel')}
            </button>
          </div>
        ))}
        <button type="button" className="btn btn--secondary btn--m" onClick={() => edit((f) => f.levels.push({ limit: '', percent: '' }))} data-testid="level-add">
          {t('admin.paymentSettings.form.addLevel')}
        </button>
      </fieldset>
      {input('coinsFactor', form.coinsFactor, (v) => edit((f) => (f.coinsFactor = v)), t('admin.paymentSettings.form.coinsFactor'))}
      <label className="field">
        <span className="field__label">{t('admin.paymentSettings.form.note')}</span>
        <input value={form.note} maxLength={500} aria-invalid={Boolean(problems.note)} onChange={(e) => edit((f) => (f.note = e.target.value))} data-testid="payment-settings-note" />
        {problems.note && (
          <span className="field__error" role="alert" data-testid="problem-note">
            {t('admin.paymentSettings.problems.note')}
          </span>
        )}
      </label>
      {others.length > 0 && (
        <ul className="console-note console-note--danger" role="alert" data-testid="payment-settings-problems">
          {others.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="console-actions console-actions--tight">
        <button type="submit" className="btn btn--accent btn--m" disabled={save.isPending} data-testid="payment-settings-save">
          {t('admin.paymentSettings.form.save')}
        </button>
      </div>
    </form>
  );
}
