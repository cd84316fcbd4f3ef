import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { headTransform, lowerModulePreloads } from '#app/lib/module-preload-priority.server.ts';

const head =
  '<!DOCTYPE html><html lang="ru"><head><link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
  '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="high" href="/assets/x.js"/></head>';
const body = '<body><p>Кейс «Грёзы»</p><link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe("the page's module preloads ask for low priority (decision 055)", () => {
  it('lowers every module preload of the head, leaves style sheets and a preload that set its own priority', () => {
    expect(lowerModulePreloads(head)).toBe(
      '<!DOCTYPE html><html lang="ru"><head><link rel="modulepreload" fetchpriority="low" href="/assets/entry.js" nonce="n"/>' +
        '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="high" href="/assets/x.js"/></head>',
    );
  });

  it('rewrites the head however the stream cuts it, even inside a character, and passes the body as it is', async () => {
    const bytes = Buffer.from(head + body);
    // Cut every 7 bytes: "</head>" and the Cyrillic letters fall across chunks.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    let finished = 0;
    const out = await text(Readable.from(chunks).pipe(headTransform(() => finished++)));
    expect(out).toBe(lowerModulePreloads(head) + body);
    expect(finished).toBe(1);
  });

  it('lets a page without a head through whole', async () => {
    const out = await text(Readable.from([Buffer.from(body)]).pipe(headTransform(() => undefined)));
    expect(out).toBe(body);
  });
});
