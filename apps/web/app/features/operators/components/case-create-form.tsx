import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useCreateCase } from '../api/case-create.ts';
import { getCase } from '../api/case-detail.ts';
import type { CaseSummary } from '../api/case-list.ts';
import { newCaseOf, type NewCaseField, type NewCaseForm } from '../utils/case-fields.ts';
import { needsRtpConfirmation, RtpConfirmDialog } from './case-rtp-confirm.tsx';
import { useT } from '#app/lib/use-t.ts';

const TEXT_FIELDS: Exclude<NewCaseField, 'sectionId' | 'fromCaseId'>[] = ['slug', 'nameRu', 'nameEn', 'price'];

/**
 * A new GOLD case (admins): its address, fixed for ever, its names, section and price, and the
 * case whose current odds table it starts with; the rest is set on its own page once it exists.
 */
export function CaseCreateForm({ cases, sections, name }: { cases: CaseSummary[]; sections: { id: number; slug: string }[]; name: (c: CaseSummary) => string }) {
  const t = useT();
  const alert = useAlert();
  const call = useApi();
  const navigate = useNavigate();
  const to = useLocalePath();
  const create = useCreateCase();
  const withOdds = cases.filter((c) => c.oddsId !== null && c.currency === 'GOLD' && !c.daily);
  const [form, setForm] = useState<NewCaseForm>({ slug: '', nameRu: '', nameEn: '', sectionId: String(sections[0]?.id ?? ''), price: '', fromCaseId: String(withOdds[0]?.id ?? '') });
  const [bad, setBad] = useState<NewCaseField[]>([]);
  const [ask, setAsk] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const set = (k: NewCaseField, v: string) => setForm((f) => ({ ...f, [k]: v }));

  const send = async (confirm: boolean) => {
    const checked = newCaseOf(form);
    if (!checked.ok) return setBad(checked.fields);
    setBad([]);
    setLoading(true);
    try {
      const from = await getCase(call, checked.fromCaseId);
      const made = await create.mutateAsync({ ...checked.body, odds: from.odds?.ranges ?? [], ...(confirm ? { confirm_rtp: true } : {}) });
      setAsk(null);
      alert.success(t('admin.cases.create.done', { name: name(made) }));
      await navigate(to(`/admin/cases/${made.id}`));
    } catch (e) {
      if (needsRtpConfirmation(e)) return setAsk(e.message);
      setAsk(null);
      alert.error(e instanceof ApiError ? e.message : t('error.title'));
    } finally {
      setLoading(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };

  return (
    <details className="console-card case-create" data-testid="case-create">
      <summary>
        <h2>{t('admin.cases.create.title')}</h2>
      </summary>
      <form className="console-form" onSubmit={submit} noValidate>
        <div className="case-grid">
          {TEXT_FIELDS.map((k) => (
            <label key={k} className="field">
              <span className="field__label">{t(`admin.cases.create.${k}`)}</span>
              <input value={form[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={bad.includes(k)} data-testid={`new-case-${k}`} />
            </label>
          ))}
          <label className="field">
            <span className="field__label">{t('admin.cases.create.sectionId')}</span>
            <select className="console-select" value={form.sectionId} onChange={(e) => set('sectionId', e.target.value)} data-testid="new-case-sectionId">
              {sections.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.slug}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t('admin.cases.create.fromCaseId')}</span>
            <select className="console-select" value={form.fromCaseId} onChange={(e) => set('fromCaseId', e.target.value)} aria-invalid={bad.includes('fromCaseId')} data-testid="new-case-fromCaseId">
              {withOdds.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {name(c)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="muted console-hint">{t('admin.cases.create.hint')}</p>
        {bad.length > 0 && (
          <p className="form-error" role="alert" data-testid="new-case-problem">
            {t('admin.cases.fields.problem', { fields: bad.map((f) => t(`admin.cases.create.${f}`)).join(', ') })}
          </p>
        )}
        <button type="submit" className="btn btn--accent btn--m console-form__submit" disabled={loading} data-testid="new-case-submit">
          {t('admin.cases.create.submit')}
        </button>
      </form>
      {ask && <RtpConfirmDialog message={ask} pending={loading} onConfirm={() => void send(true)} onCancel={() => setAsk(null)} />}
    </details>
  );
}
