import { z } from 'zod';
import { paymentSettingsDocument } from '../payments/settings-document.ts';
import { operatorReason } from './operators.ts';

/**
 * The console's payment settings (decision 076): support and admins read the versions, admins
 * save a new one. A version is the whole document; the newest is in force.
 */

export const paymentSettingsVersionParams = z.object({ version: z.coerce.number().int().min(1) });

const versionSummary = z.object({
  version: z.number(),
  operator: z.object({ id: z.number().nullable(), name: z.string() }),
  note: z.string().nullable(),
  at: z.string(),
});
export type PaymentSettingsVersionSummary = z.infer<typeof versionSummary>;

/** GET /api/v1/admin/payment-settings/versions/:version, and the current one. */
export const paymentSettingsVersionResponse = versionSummary.extend({ document: paymentSettingsDocument });
export type PaymentSettingsVersionResponse = z.infer<typeof paymentSettingsVersionResponse>;

/** GET /api/v1/admin/payment-settings: the version in force and every version, newest first. */
export const paymentSettingsResponse = z.object({ current: paymentSettingsVersionResponse, versions: z.array(versionSummary) });
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponse>;

/**
 * POST /api/v1/admin/payment-settings: a new version. `based_on` is the version the editor was
 * read from (a save on top of a newer one is refused); the document is checked by the shared
 * schema, whose problems come back in the refusal.
 */
export const paymentSettingsSaveBody = z
  .object({ based_on: z.number().int().min(0), document: z.unknown(), note: operatorReason })
  .strict();
export type PaymentSettingsSaveBody = z.infer<typeof paymentSettingsSaveBody>;

export const paymentSettingsSaveResult = paymentSettingsVersionResponse.extend({ previous_version: z.number(), audit_id: z.number() });
