import { describe, expect, it, vi } from 'vitest';

// The socket's chunk, as the tab fetches it: one shared socket whose subscriptions the test counts.
const subscribed: string[] = [];
const unsubscribed: string[] = [];
const socket = {
  subscribe: (channel: string) => {
    subscribed.push(channel);
    return () => unsubscribed.push(channel);
  },
};
vi.mock('#app/lib/channel-socket.ts', () => ({ channelSocket: () => socket }));

const { tabSocket, withTabSocket } = await import('#app/lib/tab-socket.ts');
const use = (channel: string) => withTabSocket((s) => (s as unknown as typeof socket).subscribe(channel));

describe('the tab socket, fetched with the first subscription', () => {
  it('subscribes once the chunk has come, and unsubscribes when the page lets go', async () => {
    const stop = use('live-drops');
    expect(subscribed).not.toContain('live-drops');
    await tabSocket();
    expect(subscribed).toContain('live-drops');
    stop();
    expect(unsubscribed).toContain('live-drops');
  });

  it('a page that lets go before the chunk has come never subscribes', async () => {
    const stop = use('battle#1');
    stop();
    await tabSocket();
    await Promise.resolve();
    expect(subscribed).not.toContain('battle#1');
    expect(unsubscribed).not.toContain('battle#1');
  });

  it('every subscription of the tab shares one socket', async () => {
    expect(await tabSocket()).toBe(await tabSocket());
  });
});
