import { useOutletContext } from 'react-router';
import type { EventSettingsData } from '../api/get-current-event.ts';

/** What the event layout hands its tabs: the settings (null: no event on) and when they arrived. */
export interface EventOutlet {
  settings: EventSettingsData | null;
  arrivedAt: number;
}

export const useEventOutlet = () => useOutletContext<EventOutlet>();
