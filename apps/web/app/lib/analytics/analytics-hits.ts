import { pageViewOf } from '@store/shared/analytics';
import { analyticsSessionId } from './analytics-session.ts';
import { sendBeacon } from './beacon-transport.ts';
import type { EventProps, PageView } from './analytics-port.ts';

// The hits as the tracking service takes them, sent by the port (analytics-port.ts) with the time it was asked at.

export function sendPageView(url: string, page: PageView, at: number): void {
  sendBeacon(url, pageViewOf({ ...page, sessionId: analyticsSessionId(at), at }));
}

export function sendEvent(url: string, event: { name: string; path: string; props: EventProps }, at: number): void {
  sendBeacon(url, { type: 'event', session_id: analyticsSessionId(at), name: event.name, path: event.path, props: event.props, at });
}
