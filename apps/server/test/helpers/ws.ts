import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';

/** A websocket client subscribed to channels, collecting what arrives. */
export async function subscriber(url: string, channels: { channel: string; token?: string }[]) {
  const ws = new WebSocket(url);
  const messages: any[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  for (const c of channels) ws.send(JSON.stringify({ op: 'subscribe', ...c }));
  await waitFor(() => messages.filter((m) => m.op === 'subscribed' || m.error).length >= channels.length);
  return { ws, messages };
}

export async function waitFor(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until an async check holds (a count read over the API, say), or fails after `ms`. */
export async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts the app listening on a free loopback port and returns its websocket address. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws`;
}
