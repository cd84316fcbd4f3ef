import { describe, expect, it } from 'vitest';
import { COUNTRY_CONFIGS } from '@store/shared/payments/countries';
import { ExperimentsClient } from '#app/lib/analytics/experiments-client.ts';
import { refillMin } from '#app/features/refill/utils/refill-min.ts';

/** A client on a scripted service and a hand-driven timer: what it asks, and when it waits. */
function harness(answers: (() => Response | Promise<Response>)[]) {
  const asked: { url: string; init?: RequestInit }[] = [];
  const waits: number[] = [];
  let next: (() => void) | null = null;
  const client = new ExperimentsClient({
    base: '/api/sandbox/experiments',
    subject: 'user:00000042',
    now: () => 1_000,
    fetch: async (url, init) => {
      asked.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer();
    },
    setTimer: (run, ms) => {
      waits.push(ms);
      next = run;
      return ms;
    },
    clearTimer: () => undefined,
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    client,
    asked,
    waits,
    settle,
    /** Runs the timer's pending callback, as if its wait had passed. */
    async tick() {
      const run = next;
      next = null;
      run?.();
      await settle();
    },
  };
}

const flags = (body: object) => () => new Response(JSON.stringify({ status: true, data: body }), { status: 200 });
const down = () => new Response('{}', { status: 503 });

describe('the experiments client (spec §9)', () => {
  it('loads the flags at start with a 10 s timeout and asks again every 5 minutes', async () => {
    const h = harness([flags({ flags: { 'change-min-sum': 'false' } })]);
    h.client.start();
    await h.settle();
    expect(h.asked[0]!.url).toBe('/api/sandbox/experiments/flags?subject=user%3A00000042');
    expect(h.asked[0]!.init?.signal).toBeInstanceOf(AbortSignal);
    expect(h.client.variant('change-min-sum')).toBe('false');
    expect(h.waits).toEqual([300_000]);
  });

  it('never polls more often than once a minute, whatever the service asks', async () => {
    const h = harness([flags({ flags: {}, poll_ms: 1_000 }), flags({ flags: {}, poll_ms: 90_000 })]);
    h.client.start();
    await h.settle();
    await h.tick();
    expect(h.waits).toEqual([60_000, 90_000]);
  });

  it('retries a failed fetch 8 times on the backoff, then waits for the next poll, keeping what it had', async () => {
    const h = harness([flags({ flags: { 'change-min-sum': 'true' } }), ...Array(9).fill(down), flags({ flags: { 'change-min-sum': 'false' } })]);
    h.client.start();
    await h.settle();
    for (let i = 0; i < 10; i++) await h.tick();
    expect(h.waits).toEqual([300_000, 500, 750, 1125, 1688, 2531, 3797, 5695, 8543, 300_000, 300_000]);
    expect(h.asked).toHaveLength(11);
    expect(h.client.variant('change-min-sum')).toBe('false');
  });

  it('sends an exposure once per variant shown', async () => {
    const h = harness([() => new Response('{"status":true,"data":{"recorded":1}}', { status: 200 })]);
    h.client.expose('change-min-sum', 'true');
    h.client.expose('change-min-sum', 'true');
    await h.settle();
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.url).toBe('/api/sandbox/experiments/exposures');
    expect(JSON.parse(String(h.asked[0]!.init?.body))).toEqual({ exposures: [{ subject: 'user:00000042', experiment: 'change-min-sum', variant: 'true', at: 1_000 }] });
    expect(h.client.pending()).toEqual([]);
  });

  it('keeps at most 512 unsent exposures, the oldest dropped', async () => {
    const h = harness([]);
    for (let i = 0; i < 600; i++) h.client.expose(`exp-${i}`, 'a');
    await h.settle();
    h.client.stop();
    const pending = h.client.pending();
    expect(pending).toHaveLength(512);
    expect(pending[0]!.experiment).toBe('exp-88');
    expect(pending.at(-1)!.experiment).toBe('exp-599');
  });
});

describe('the refill minimum follows change-min-sum (spec §7)', () => {
  const sbp = COUNTRY_CONFIGS.RU!.methods.find((m) => m.payMethod === 'sbp')!;
  const card = COUNTRY_CONFIGS.RU!.methods.find((m) => m.payMethod === 'card_ru')!;

  it("shows the changed minimum for 'false', the former one for the unchanged variant, the current one before the flags arrive", () => {
    expect(refillMin(sbp, 'false')).toBe(100);
    expect(refillMin(sbp, 'true')).toBe(50);
    expect(refillMin(sbp, undefined)).toBe(100);
    // A method whose minimum never changed keeps it under either variant.
    expect([refillMin(card, 'false'), refillMin(card, 'true')]).toEqual([100, 100]);
  });
});
