import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../src/modules/mail/schema.ts';
import { api, countRows, type Player } from './helpers/factories.ts';
import { playerWithAddress, storeWithSmtp } from './helpers/mail-store.ts';
import type { TestStore } from './helpers/test-app.ts';
import { eventually } from './helpers/ws.ts';

/**
 * A player who tops up gets a receipt by e-mail once the payment is credited: in their language,
 * once per payment however often the provider repeats itself, and only to a confirmed address.
 */
describe('top-up receipts', () => {
  let store: TestStore;
  let smtp: Awaited<ReturnType<typeof storeWithSmtp>>['smtp'];
  let close: () => Promise<void>;
  const db = () => store.database.db;

  beforeAll(async () => {
    ({ store, smtp, close } = await storeWithSmtp());
  });
  afterAll(() => close());

  const reader = (lang: 'ru' | 'en', confirmed = true) => playerWithAddress(store, lang, confirmed);

  /** Tops up 1 000 ₽ by SBP through the sandbox checkout, as the player's browser would; answers the order. */
  async function topUp(p: Player): Promise<string> {
    const started = await api(store.app, 'POST', '/api/v1/payments/transaction/start', { token: p.token, body: { country: 'RU', method_id: 101, amount: 1000 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const orderId = String(started.body.data.order_id);
    const paid = await store.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay&lang=ru',
    });
    expect(paid.statusCode).toBe(303);
    return orderId;
  }

  const receiptsOf = (to: string) => smtp.arrived.filter((m) => m.to === to);
  /** Waits until the receipts' reader has passed every activity so far, and the outbox has sent what it recorded. */
  async function settled() {
    const max = await countRows(db(), sql`select coalesce(max(id), 0) as n from activities`);
    store.app.deps.activity.wake();
    await eventually(() => countRows(db(), sql`select coalesce(max(last_id), 0) as n from activity_consumers where name = 'deposit-receipts'`), (n) => n >= max);
    await store.app.deps.activity.settled();
    await eventually(() => countRows(db(), sql`select count(*) as n from mail_outbox where template = 'deposit-receipt' and state <> 'sent'`), (n) => n === 0);
  }

  it('mails the credited sum and the order to a confirmed address, in the player’s language, once', async () => {
    const ru = await reader('ru');
    const en = await reader('en');
    const ruOrder = await topUp(ru);
    const enOrder = await topUp(en);
    await settled();

    const [ruMail] = receiptsOf(ru.email);
    expect(receiptsOf(ru.email)).toHaveLength(1);
    expect(ruMail!.subject).toMatch(/: баланс пополнен на 1000 монет$/);
    expect(ruMail!.text).toContain(`Платёж № ${ruOrder} получен`);
    expect(ruMail!.html).toContain('<html lang="ru">');
    const [enMail] = receiptsOf(en.email);
    expect(receiptsOf(en.email)).toHaveLength(1);
    expect(enMail!.subject).toMatch(/: 1000 coins added to your balance$/);
    expect(enMail!.text).toContain('and 50 coins more as a bonus');
    expect(enMail!.text).toContain(`Payment no. ${enOrder} has come in`);
    expect(enMail!.text).toContain('https://store.test/en/profile');

    // The sum in the letter is what the wallet got for the deposit (the bonus apart).
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.key, `deposit-receipt:payment:${enOrder}`));
    expect(row).toMatchObject({ userId: en.userId, template: 'deposit-receipt', state: 'sent', attempts: 1 });

    // Nothing new on another pass: one receipt per payment.
    await settled();
    expect(receiptsOf(ru.email)).toHaveLength(1);
    expect(receiptsOf(en.email)).toHaveLength(1);
  });

  it('sends nothing to an address the player has not confirmed', async () => {
    const p = await reader('ru', false);
    await topUp(p);
    await settled();
    expect(receiptsOf(p.email)).toEqual([]);
    expect(await countRows(db(), sql`select count(*) as n from mail_outbox where user_id = ${p.userId}`)).toBe(0);
  });
});
