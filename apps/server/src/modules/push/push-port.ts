/**
 * The port to the push services (decision 027). A subscription is the browser's PushSubscription;
 * the payload is what our service worker shows.
 */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushPayload {
  title: string;
  body: string;
  /** The store's page the notification opens. */
  url: string;
  /** Comes back from the service worker when the player opens the notification. */
  token: string;
  /** Notifications of one tag replace each other on the device. */
  tag: string;
}

/**
 * `accepted`: the push service took it; `gone`: the browser unsubscribed (404/410), so the store
 * forgets the subscription; `refused`: any other answer, kept for another time.
 */
export type PushOutcome = 'accepted' | 'gone' | 'refused';

export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  readonly publicKey: string;
  /** Whether a subscription at this address can be served: a real adapter talks only to known push services. */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** How long a push service keeps an undelivered notification: a day, after which it is stale news. */
export const PUSH_TTL_S = 86_400;
