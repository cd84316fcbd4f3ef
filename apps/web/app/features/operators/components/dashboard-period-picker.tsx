import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { DASHBOARD_PRESETS, dashboardSearchOf, type DashboardPeriodChoice } from '../utils/dashboard-period.ts';
import { useT } from '#app/lib/use-t.ts';

/** The dashboard's period: 7, 30 or 90 days ending today, or a chosen from..to (both days included, UTC). */
export function DashboardPeriodPicker({ choice, from, to }: { choice: DashboardPeriodChoice; from: string; to: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (start && end) void navigate(dashboardSearchOf({ kind: 'custom', from: start, to: end }));
  };
  return (
    <div className="dashboard-period" data-testid="dashboard-period">
      <div className="dashboard-period__presets" role="group" aria-label={t('admin.dashboard.period.label')}>
        {DASHBOARD_PRESETS.map((days) => {
          const on = choice.kind === 'preset' && choice.days === days;
          return (
            <Link
              key={days}
              to={dashboardSearchOf({ kind: 'preset', days }) || '?'}
              className={on ? 'btn btn--m btn--primary dashboard-period__preset' : 'btn btn--m btn--secondary dashboard-period__preset'}
              aria-current={on ? 'true' : undefined}
              data-testid={`dashboard-preset-${days}`}
            >
              {t('admin.dashboard.period.days', { count: days })}
            </Link>
          );
        })}
      </div>
      <form className="dashboard-period__custom" onSubmit={submit}>
        <label className="field">
          <span className="field__label">{t('admin.dashboard.period.from')}</span>
          <input
            type="date"
            value={start}
            max={end || undefined}
            onChange={(e) => setStart(e.target.value)}
            data-testid="dashboard-from"
            required
          />
        </label>
        <label className="field">
          <span className="field__label">{t('admin.dashboard.period.to')}</span>
          <input
            type="date"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
            data-testid="dashboard-to"
            required
          />
        </label>
        <button type="submit" className="btn btn--primary btn--m" data-testid="dashboard-apply">
          {t('admin.dashboard.period.apply')}
        </button>
      </form>
    </div>
  );
}
