import { useState } from 'react';
import { EXPORT_KINDS, exportPath } from '@store/shared/api/operator-exports';
import { useT } from '#app/lib/use-t.ts';

/**
 * The CSV exports of a period (decision 074): the browser downloads the file the server streams,
 * with the session cookie, so the form is a plain GET and each button names its export's address.
 */
export function DashboardExports({ from, to }: { from: string; to: string }) {
  const t = useT();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  return (
    <section className="dashboard-exports" data-testid="dashboard-exports" aria-labelledby="dashboard-exports-title">
      <h2 id="dashboard-exports-title">{t('admin.dashboard.exports.title')}</h2>
      <p className="muted">{t('admin.dashboard.exports.hint')}</p>
      <form method="get" action={exportPath(EXPORT_KINDS[0])} className="dashboard-period__custom">
        <label className="field">
          <span className="field__label">{t('admin.dashboard.period.from')}</span>
          <input type="date" name="from" value={start} max={end || undefined} onChange={(e) => setStart(e.target.value)} data-testid="export-from" required />
        </label>
        <label className="field">
          <span className="field__label">{t('admin.dashboard.period.to')}</span>
          <input type="date" name="to" value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} data-testid="export-to" required />
        </label>
        {EXPORT_KINDS.map((kind) => (
          <button key={kind} type="submit" formAction={exportPath(kind)} className="btn btn--secondary btn--m" data-testid={`export-${kind}`}>
            {t(`admin.dashboard.exports.${kind}`)}
          </button>
        ))}
      </form>
    </section>
  );
}
