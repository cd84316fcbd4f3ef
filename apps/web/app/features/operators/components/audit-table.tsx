import { Form } from 'react-router';
import { AUDIT_TARGET_KINDS } from '@store/shared/operators';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import type { AuditData } from '../api/get-audit.ts';
import { describeState, type AuditFilter } from '../utils/audit-filter.ts';
import { useT } from '#app/lib/use-t.ts';


/** The audit's filter: by operator and by target; it stands in the address, so a filtered view can be shared. */
export function AuditFilterForm({ filter }: { filter: AuditFilter }) {
  const t = useT();
  return (
    <Form method="get" className="console-search console-search--audit" data-testid="audit-filter">
      <label className="field">
        <span className="field__label">{t('admin.audit.operator')}</span>
        <input name="operator" inputMode="numeric" defaultValue={filter.operatorId ?? ''} data-testid="audit-operator" />
      </label>
      <label className="field">
        <span className="field__label">{t('admin.audit.kind')}</span>
        <select name="kind" className="console-select" defaultValue={filter.targetKind ?? ''} data-testid="audit-kind">
          <option value="">{t('admin.audit.kinds.any')}</option>
          {AUDIT_TARGET_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.audit.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('admin.audit.target')}</span>
        <input name="target" defaultValue={filter.targetId ?? ''} maxLength={100} data-testid="audit-target" />
      </label>
      <button type="submit" className="btn btn--primary btn--m" data-testid="audit-apply">
        {t('admin.audit.apply')}
      </button>
    </Form>
  );
}

/** Who did what to which target, the state before and after, the reason and when; newest first. */
export function AuditTable({ items }: { items: AuditData['items'] }) {
  const t = useT();
  const lang = useLang();
  if (items.length === 0) return <p className="empty">{t('admin.audit.empty')}</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table console-table--audit" data-testid="audit">
        <thead>
          <tr>
            <th>{t('admin.audit.when')}</th>
            <th>{t('admin.audit.who')}</th>
            <th>{t('admin.audit.what')}</th>
            <th>{t('admin.audit.before')}</th>
            <th>{t('admin.audit.after')}</th>
            <th>{t('admin.audit.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id} data-testid="audit-row">
              <td>{formatDateTime(a.at, lang)}</td>
              <td>
                {a.operator.name}
                <span className="muted"> {a.operator.id === null ? `(${t('admin.audit.cli')})` : `#${a.operator.id}`}</span>
              </td>
              <td className="console-table__wrap">
                <code>{a.action}</code>
                <span className="muted">
                  {' '}
                  → {a.target.kind} {a.target.id}
                </span>
              </td>
              <td className="console-table__wrap console-state">{describeState(a.before)}</td>
              <td className="console-table__wrap console-state">{describeState(a.after)}</td>
              <td className="console-table__wrap">{a.reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
