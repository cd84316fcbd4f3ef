import { useLang } from '#app/lib/use-lang.ts';
import type { PaymentSettingsData } from '../api/payment-settings.ts';
import { formatWhen } from '../utils/case-format.ts';
import { useT } from '#app/lib/use-t.ts';

/** Every payment settings version, newest first: who saved it, when and why; the first is in force. */
export function PaymentSettingsHistory({ versions }: { versions: PaymentSettingsData['versions'] }) {
  const t = useT();
  const lang = useLang();
  return (
    <section className="console-card" data-testid="payment-settings-versions" aria-label={t('admin.paymentSettings.versions.title')}>
      <h2>{t('admin.paymentSettings.versions.title')}</h2>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.paymentSettings.versions.version')}</th>
              <th>{t('admin.paymentSettings.versions.when')}</th>
              <th>{t('admin.paymentSettings.versions.who')}</th>
              <th>{t('admin.paymentSettings.versions.note')}</th>
              <th aria-hidden="true" />
            </tr>
          </thead>
          <tbody>
            {versions.map((v, i) => (
              <tr key={v.version} data-testid="payment-settings-version" data-current={i === 0}>
                <td>
                  <code>#{v.version}</code>
                </td>
                <td>{formatWhen(v.at, lang)}</td>
                <td>{v.operator.id === null ? t('admin.paymentSettings.versions.seed') : v.operator.name}</td>
                <td className="console-table__wrap">{v.note ?? ''}</td>
                <td>{i === 0 && <span className="badge badge--confirmed">{t('admin.paymentSettings.versions.current')}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
