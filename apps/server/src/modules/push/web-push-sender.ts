import webpush from 'web-push';
import { PUSH_TTL_S, type PushOutcome, type PushPayload, type PushSender, type PushTarget } from './push-port.ts';

/**
 * The browsers' push services: Chrome's (FCM), Firefox's, Safari's and Edge's. A player stores
 * the address the store will post to, so only these hosts are accepted: any other would let a
 * subscription point the store's requests at an address of someone's choosing.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '.push.apple.com', '.notify.windows.com'];

export interface WebPushOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Hosts served besides the browsers' push services (the tests' stand-in). */
  extraHosts?: string[];
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The Web Push protocol (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption
 * (RFC 8291), built by the `web-push` library; the request goes out through fetch with a timeout.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly hosts: string[];

  constructor(private readonly o: WebPushOptions) {
    this.publicKey = o.publicKey;
    this.hosts = [...PUSH_SERVICE_HOSTS, ...(o.extraHosts ?? [])];
  }

  accepts(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const local = this.o.extraHosts?.includes(url.host) ?? false;
    if (url.protocol !== 'https:' && !local) return false;
    return this.hosts.some((h) => (h.startsWith('.') ? url.hostname.endsWith(h) : url.host === h || url.hostname === h));
  }

  /** The request a push is: method, endpoint, VAPID Authorization, TTL, Content-Encoding and the encrypted body. */
  requestFor(target: PushTarget, payload: PushPayload) {
    return webpush.generateRequestDetails(target, JSON.stringify(payload), {
      vapidDetails: { subject: this.o.subject, publicKey: this.o.publicKey, privateKey: this.o.privateKey },
      TTL: PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    if (!this.accepts(target.endpoint)) return 'refused';
    const req = this.requestFor(target, payload);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const res = await (this.o.fetch ?? fetch)(req.endpoint, {
      method: req.method,
      headers,
      body: req.body ? new Uint8Array(req.body) : null,
      signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
    });
    if (res.ok) return 'accepted';
    return res.status === 404 || res.status === 410 ? 'gone' : 'refused';
  }
}
