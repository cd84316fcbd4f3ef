import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useCreateEvent, useEditEvent, useEndEvent } from '../api/event-change.ts';
import type { EventDetailData } from '../api/event-detail.ts';
import {
  eventCreateBodyOf,
  eventEditBodyOf,
  eventEditFormOf,
  passOf,
  type EventEditField,
  type EventEditState,
  type EventFormField,
  type EventFormState,
} from '../utils/event-form.ts';
import { PassPreview } from './event-pass-tables.tsx';
import { FormButtons } from './form-buttons.tsx';
import { useT } from '#app/lib/use-t.ts';

const TEXT_FIELDS = ['titleRu', 'titleEn', 'subtitleRu', 'subtitleEn', 'fullNameRu', 'fullNameEn'] as const;

/** A refusal as the operator reads it: the catalogue's message, and the fields the API named. */
function refusalText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  const fields = Array.isArray(err.params?.fields) ? (err.params.fields as string[]) : [];
  return fields.length ? `${err.message}: ${fields.join(', ')}` : err.message;
}

/** The texts and dates both season forms share, as a grid of labelled inputs. */
function SeasonFields<F extends EventEditField | EventFormField>({
  fields,
  form,
  problem,
  set,
}: {
  fields: readonly F[];
  form: Record<F, string>;
  problem: string | null;
  set: (k: F, v: string) => void;
}) {
  const t = useT();
  const typeOf = (k: string) => (k === 'startsAt' || k === 'endsAt' ? 'datetime-local' : 'text');
  return (
    <div className="promo-form__grid">
      {fields.map((k) => (
        <label className="field" key={k}>
          <span className="field__label">{t(`admin.events.fields.${k}`)}</span>
          <input
            type={typeOf(k)}
            value={form[k]}
            onChange={(e) => set(k, e.target.value)}
            inputMode={k === 'claimDays' || k === 'coinsPerTicket' ? 'decimal' : undefined}
            aria-invalid={problem === k}
            data-testid={`event-${k}`}
          />
        </label>
      ))}
    </div>
  );
}

function Problem({ field, children }: { field: string | null; children?: ReactNode }) {
  const t = useT();
  if (!field) return null;
  return (
    <p className="console-note console-note--danger" role="alert" data-testid="event-problem">
      {t(`admin.events.problems.${field}`)}
      {children}
    </p>
  );
}

/**
 * A new season: its texts and dates, and its pass as JSON beside a preview of the levels it
 * defines. Started from a copy of a season (the form the page hands in); opens the new season's
 * page once made.
 */
export function EventCreateForm({ initial, onDone }: { initial: EventFormState; onDone: () => void }) {
  const t = useT();
  const alert = useAlert();
  const navigate = useNavigate();
  const to = useLocalePath();
  const create = useCreateEvent();
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<EventFormField | null>(null);
  const pass = useMemo(() => passOf(form.pass), [form.pass]);
  const set = (k: EventFormField, v: string) => (setForm((f) => ({ ...f, [k]: v })), setProblem(null));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = eventCreateBodyOf(form);
    if (!checked.ok) return setProblem(checked.field);
    create.mutate(checked.body, {
      onSuccess: (made) => (alert.success(t('admin.events.created', { slug: made.slug })), onDone(), navigate(to(`/admin/events/${made.id}`))),
      onError: (err) => alert.error(refusalText(err, t('error.title'))),
    });
  };
  return (
    <form className="console-form promo-form" onSubmit={submit} noValidate data-testid="event-create-form">
      <h2>{t('admin.events.new')}</h2>
      <SeasonFields fields={['slug', ...TEXT_FIELDS, 'startsAt', 'endsAt', 'claimDays', 'coinsPerTicket'] as const} form={form} problem={problem} set={set} />
      <div className="event-form__pass">
        <label className="field">
          <span className="field__label">{t('admin.events.fields.pass')}</span>
          <textarea className="console-textarea" value={form.pass} onChange={(e) => set('pass', e.target.value)} spellCheck={false} aria-invalid={problem === 'pass'} data-testid="event-pass" />
          <small className="muted console-hint">{t('admin.events.passHint')}</small>
        </label>
        <PassPreview pass={pass} />
      </div>
      <Problem field={problem} />
      <FormButtons label={t('admin.events.create')} pending={create.isPending} testId="event" onCancel={onDone} />
    </form>
  );
}

/** A season's texts and dates; the server refuses moving what players already rely on. */
export function EventEditForm({ event }: { event: EventDetailData }) {
  const t = useT();
  const alert = useAlert();
  const edit = useEditEvent(event.id);
  const [form, setForm] = useState<EventEditState>(() => eventEditFormOf(event));
  const [problem, setProblem] = useState<EventEditField | null>(null);
  const set = (k: EventEditField, v: string) => (setForm((f) => ({ ...f, [k]: v })), setProblem(null));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = eventEditBodyOf(form, event);
    if (!checked.ok) return setProblem(checked.field);
    if (!checked.body) return alert.success(t('admin.events.nothingChanged'));
    edit.mutate(checked.body, {
      onSuccess: () => alert.success(t('admin.events.saved', { slug: event.slug })),
      onError: (err) => alert.error(refusalText(err, t('error.title'))),
    });
  };
  return (
    <section className="console-card">
      <form className="console-form promo-form" onSubmit={submit} noValidate data-testid="event-edit-form">
        <h2>{t('admin.events.edit')}</h2>
        <p className="muted console-hint">{t('admin.events.editHint')}</p>
        <SeasonFields fields={[...TEXT_FIELDS, 'startsAt', 'endsAt', 'claimDays'] as const} form={form} problem={problem} set={set} />
        <Problem field={problem} />
        <FormButtons label={t('admin.promo.save')} pending={edit.isPending} testId="event-edit" />
      </form>
    </section>
  );
}

/** Ends a running season now, after the operator confirms; its claims stay open for the claim days. */
export function EventEndButton({ event }: { event: EventDetailData }) {
  const t = useT();
  const alert = useAlert();
  const end = useEndEvent(event.id);
  const [asking, setAsking] = useState(false);
  if (event.state !== 'running') return null;
  const confirm = () =>
    end.mutate(undefined, {
      onSuccess: () => (setAsking(false), alert.success(t('admin.events.ended', { slug: event.slug }))),
      onError: (err) => alert.error(refusalText(err, t('error.title'))),
    });
  return asking ? (
    <div className="console-note console-note--danger stack" data-testid="event-end-confirm">
      <span>{t('admin.events.endConfirm')}</span>
      <div className="console-actions console-actions--tight">
        <button type="button" className="btn btn--danger btn--s" disabled={end.isPending} onClick={confirm} data-testid="event-end-yes">
          {t('admin.events.end')}
        </button>
        <button type="button" className="btn btn--secondary btn--s" onClick={() => setAsking(false)}>
          {t('admin.promo.cancel')}
        </button>
      </div>
    </div>
  ) : (
    <button type="button" className="btn btn--danger btn--s console-back" onClick={() => setAsking(true)} data-testid="event-end">
      {t('admin.events.end')}
    </button>
  );
}
