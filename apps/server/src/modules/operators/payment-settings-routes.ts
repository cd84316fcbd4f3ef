import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentSettingsResponse,
  paymentSettingsSaveBody,
  paymentSettingsSaveResult,
  paymentSettingsVersionParams,
  paymentSettingsVersionResponse,
} from '@store/shared/api/operator-payment-settings';
import { ok, okResponse } from '../../http/envelope.ts';
import { paymentSettingsOf } from '../payments/payment-settings.ts';
import type { Operator } from './audit.ts';
import { changePaymentSettings, readPaymentSettings, readPaymentSettingsVersion } from './change-payment-settings.ts';

const tags = ['admin'];

/**
 * The console's payment settings (decision 076), registered in the guarded scope of
 * `operatorRoutes`: support reads them, admins save a new version; each save writes its audit row
 * in the transaction of the save.
 */
export function operatorPaymentSettingsRoutes(scope: FastifyInstance, operatorOf: (req: FastifyRequest) => Promise<Operator>) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = scope.deps;
  const settings = paymentSettingsOf(scope.deps);

  r.get(
    '/api/v1/admin/payment-settings',
    { config: { operatorAction: 'payments.read' }, schema: { tags, summary: 'The payment settings in force (countries, methods, limits, bonus levels, coins factor) and every version', response: okResponse(paymentSettingsResponse) } },
    async () => ok(await readPaymentSettings(db)),
  );
  r.get(
    '/api/v1/admin/payment-settings/versions/:version',
    {
      config: { operatorAction: 'payments.read', errors: ['payment_settings_not_found'] },
      schema: { tags, summary: 'One version of the payment settings', params: paymentSettingsVersionParams, response: okResponse(paymentSettingsVersionResponse) },
    },
    async (req) => ok(await readPaymentSettingsVersion(db, req.params.version)),
  );
  r.post(
    '/api/v1/admin/payment-settings',
    {
      config: { operatorAction: 'payments.settings', errors: ['payment_settings_invalid', 'payment_settings_stale'] },
      schema: { tags, summary: 'Save the payment settings as a new version, in force at once (orders already started keep their figures)', body: paymentSettingsSaveBody, response: okResponse(paymentSettingsSaveResult) },
    },
    async (req) =>
      ok(await changePaymentSettings({ db, settings, basedOn: req.body.based_on, document: req.body.document, note: req.body.note, operator: await operatorOf(req) })),
  );
}
