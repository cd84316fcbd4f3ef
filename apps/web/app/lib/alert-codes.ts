/**
 * The alert or status codes of spec §8, each with the text it is shown with and its kind.
 * Several codes already had their texts before this list existed (the withdrawal's statuses,
 * the sale queue, the sign-in greetings); they keep them, so one code has one text.
 * Decision 026 lists where each one is shown.
 */
import type { AlertKind } from './alert-stack.ts';
import { ApiError } from './api.ts';

export const ALERT_CODES = {
  all_items_in_sale_queue: { key: 'alerts.all_items_in_sale_queue', kind: 'success' },
  data_updated: { key: 'account.saved', kind: 'success' },
  enter_success: { key: 'auth.welcomeTitle', kind: 'success' },
  error: { key: 'alertCodes.error', kind: 'error' },
  error_battle_authorize: { key: 'alertCodes.error_battle_authorize', kind: 'error' },
  error_event_settings: { key: 'alertCodes.error_event_settings', kind: 'error' },
  error_generation: { key: 'alertCodes.error_generation', kind: 'error' },
  error_max_rounds: { key: 'alertCodes.error_max_rounds', kind: 'error' },
  error_not_enough_funds: { key: 'alertCodes.error_not_enough_funds', kind: 'error' },
  error_not_enough_funds_for_battle: { key: 'alertCodes.error_not_enough_funds_for_battle', kind: 'error' },
  error_occurred: { key: 'alertCodes.error_occurred', kind: 'error' },
  error_skin_transfer: { key: 'alerts.error_skin_transfer', kind: 'error' },
  error_too_many_rounds: { key: 'alertCodes.error_too_many_rounds', kind: 'error' },
  error_item_withdrawal: { key: 'alerts.error_item_withdrawal', kind: 'error' },
  item_in_sale_queue: { key: 'alerts.item_in_sale_queue', kind: 'success' },
  item_in_withdrawal_queue: { key: 'alerts.item_in_withdrawal_queue', kind: 'success' },
  item_in_withdrawal_steam_queue: { key: 'alerts.item_in_withdrawal_steam_queue', kind: 'success' },
  item_received: { key: 'alerts.item_received', kind: 'success' },
  item_transfer_canceled: { key: 'alerts.item_transfer_canceled', kind: 'error' },
  joining_battle: { key: 'alertCodes.joining_battle', kind: 'info' },
  level_generation: { key: 'alertCodes.level_generation', kind: 'info' },
  preparing_to_dispatch: { key: 'alerts.preparing_to_dispatch', kind: 'success' },
  registration_success: { key: 'auth.registrationSuccess', kind: 'success' },
  status_not_found: { key: 'alertCodes.status_not_found', kind: 'error' },
  steam_data_saved_successfully: { key: 'alerts.steam_data_saved_successfully', kind: 'success' },
  itemType3CreditedToTheBalance: { key: 'alerts.itemType3CreditedToTheBalance', kind: 'success' },
} as const satisfies Record<string, { key: string; kind: AlertKind }>;

export type AlertCode = keyof typeof ALERT_CODES;

export const isAlertCode = (code: unknown): code is AlertCode => typeof code === 'string' && Object.hasOwn(ALERT_CODES, code);

/**
 * The server's refusals that the client shows as an alert code of §8 (decision 054): a case or an
 * offer refused for want of balance (`balance_error`) is `error_not_enough_funds`. A battle's is its
 * own code already, sent by the server (`error_not_enough_funds_for_battle`).
 */
const REFUSAL_ALERTS: Readonly<Record<string, AlertCode>> = { balance_error: 'error_not_enough_funds' };

export const refusalAlertCode = (serverCode: string | undefined): AlertCode | null =>
  serverCode !== undefined && Object.hasOwn(REFUSAL_ALERTS, serverCode) ? REFUSAL_ALERTS[serverCode]! : null;

/**
 * How a failed call is shown: the refusal's alert code when §8 names one; the server's message
 * for any other refusal; a failure that is not the server's (the page's own check, a lost
 * connection) titled with the generic `error` code above its own words.
 */
export function failureAlert(e: Error): { code: AlertCode } | { text: string; titleCode?: AlertCode } {
  if (!(e instanceof ApiError)) return { text: e.message, titleCode: 'error' };
  const code = refusalAlertCode(e.code);
  return code ? { code } : { text: e.message };
}
