/** The alert stack's rules of spec §9, apart from React so they can be tested alone. */
import { ALERT_STACK_LIMIT, ALERT_TTL_MS } from '@store/shared/constants';

export type AlertKind = 'success' | 'error' | 'info';

export interface Alert {
  id: number;
  kind: AlertKind;
  text: string;
  /** Spec §3 Alert: a title above the message, when the notice has one. */
  title?: string;
}

/** Each alert shows for 3 s, then closes by its id. */
export const ALERT_SHOW_MS = ALERT_TTL_MS;

/** Adds an alert at the end; past 10 the oldest gives way. */
export function addAlert(list: readonly Alert[], alert: Alert, limit = ALERT_STACK_LIMIT): Alert[] {
  return [...list, alert].slice(-limit);
}

/** Closes one alert by id; the others keep their places. */
export const closeAlert = (list: readonly Alert[], id: number): Alert[] => list.filter((a) => a.id !== id);
