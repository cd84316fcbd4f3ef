import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-payment-settings';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getPaymentSettings, usePaymentSettings } from '#app/features/operators/api/payment-settings.ts';
import { PaymentSettingsForm } from '#app/features/operators/components/payment-settings-form.tsx';
import { PaymentSettingsHistory } from '#app/features/operators/components/payment-settings-history.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** /admin/payment-settings: the payment settings in force and their versions; support reads, an admin saves a new version (decision 076). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { settings: await asOperator(() => getPaymentSettings(api.call)) };
}

export default function AdminPaymentSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const role = useMe()?.role ?? null;
  const { data } = usePaymentSettings(loaderData.settings);
  const canSave = mayDo(role, 'payments.settings');
  return (
    <div className="stack console-section" data-testid="console-payment-settings">
      <h1>{t('admin.paymentSettings.title')}</h1>
      <p className="muted console-hint" data-testid="payment-settings-current">
        {t('admin.paymentSettings.current', { version: data.current.version, coins: data.current.document.coinsFactor })}
      </p>
      {canSave ? (
        // A new key per version: the form starts again from the version in force once one is saved.
        <PaymentSettingsForm key={data.current.version} version={data.current.version} document={data.current.document} />
      ) : (
        <p className="console-note" data-testid="payment-settings-read-only">
          {t('admin.paymentSettings.readOnly')}
        </p>
      )}
      <PaymentSettingsHistory versions={data.versions} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
