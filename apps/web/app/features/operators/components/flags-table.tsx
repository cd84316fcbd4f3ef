import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useChangeFlag } from '../api/change-flag.ts';
import type { FlagsData } from '../api/get-flags.ts';
import { useT } from '#app/lib/use-t.ts';

type Flag = FlagsData['flags'][number];

/**
 * Every feature flag: its value now, the configured one and who set it; an admin switches it on
 * or off for everyone at once, or resets it to the configuration. Support reads only.
 */
export function FlagsTable({ flags, canChange }: { flags: Flag[]; canChange: boolean }) {
  const t = useT();
  const alert = useAlert();
  const change = useChangeFlag();
  const onOff = (on: boolean) => t(on ? 'admin.flags.on' : 'admin.flags.off');
  const set = (flag: Flag['flag'], value: 'on' | 'off' | 'reset') =>
    change.mutate(
      { name: flag, value },
      {
        onSuccess: () => alert.success(t('admin.flags.changed', { flag, value: value === 'reset' ? t('admin.flags.sources.configuration') : onOff(value === 'on') })),
        onError: (e) => alert.error(e instanceof ApiError ? e.message : t('error.title')),
      },
    );
  return (
    <section className="console-card" data-testid="flags" aria-label={t('admin.flags.title')}>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.flags.flag')}</th>
              <th>{t('admin.flags.current')}</th>
              <th>{t('admin.flags.configured')}</th>
              <th>{t('admin.flags.source')}</th>
              {canChange && <th aria-hidden="true" />}
            </tr>
          </thead>
          <tbody>
            {flags.map((f) => (
              <tr key={f.flag} data-testid={`flag-${f.flag}`} data-on={f.on}>
                <td>
                  <span className="console-flag-name">
                    <b>{t(`admin.flags.names.${f.flag}`)}</b> <code>{f.flag}</code>
                  </span>
                </td>
                <td>
                  <span className={f.on ? 'badge badge--confirmed' : 'badge'} data-testid="flag-current">
                    {onOff(f.on)}
                  </span>
                </td>
                <td>{onOff(f.configured)}</td>
                <td className={f.source === 'operator' ? 'console-accent' : 'muted'}>{t(`admin.flags.sources.${f.source}`)}</td>
                {canChange && (
                  <td>
                    <div className="console-actions console-actions--tight">
                      <button type="button" className="btn btn--secondary btn--s" disabled={change.isPending || (f.on && f.source === 'operator')} onClick={() => set(f.flag, 'on')} data-testid="flag-on">
                        {t('admin.flags.on')}
                      </button>
                      <button type="button" className="btn btn--secondary btn--s" disabled={change.isPending || (!f.on && f.source === 'operator')} onClick={() => set(f.flag, 'off')} data-testid="flag-off">
                        {t('admin.flags.off')}
                      </button>
                      <button type="button" className="btn btn--secondary btn--s" disabled={change.isPending || f.source === 'configuration'} onClick={() => set(f.flag, 'reset')} data-testid="flag-reset">
                        {t('admin.flags.reset')}
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
