import { pluralCategory } from '@store/shared/format/numbers';
import { formatMinor, toUnits } from '@store/shared/money';
import type { Lang } from '@store/shared/errors';
import type { ActivityConsumer } from '../activity/consumer-runner.ts';
import { htmlOfText } from '../mail/html.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { confirmedAddresses } from '../users/email-confirmation.ts';

/** A sum of the store's coins in words: "1 000 монет", "1,000 coins". */
function coins(minor: number, lang: Lang): string {
  const figure = formatMinor(minor, { locale: lang });
  const kind = pluralCategory(toUnits(minor), lang);
  if (lang === 'en') return `${figure} ${kind === 'one' ? 'coin' : 'coins'}`;
  // Russian says "5 монет" but "1,5 монеты": a fraction is 'other'.
  return `${figure} ${kind === 'one' ? 'монета' : kind === 'many' ? 'монет' : 'монеты'}`;
}

const letters: Record<Lang, (o: { nickname: string; site: string; paid: string; bonus: string | null; order: string; link: string }) => { subject: string; text: string }> = {
  ru: (o) => ({
    subject: `${o.site}: баланс пополнен на ${o.paid}`,
    text:
      `Здравствуйте, ${o.nickname}!\n\nПлатёж № ${o.order} получен: на баланс зачислено ${o.paid}` +
      (o.bonus ? `, и ещё ${o.bonus} бонусом.` : '.') +
      `\n\nВаш профиль: ${o.link}\n\nЕсли вы не пополняли баланс, ответьте на это письмо.`,
  }),
  en: (o) => ({
    subject: `${o.site}: ${o.paid} added to your balance`,
    text:
      `Hello, ${o.nickname}!\n\nPayment no. ${o.order} has come in: ${o.paid} is on your balance` +
      (o.bonus ? `, and ${o.bonus} more as a bonus.` : '.') +
      `\n\nYour profile: ${o.link}\n\nIf you did not top up, reply to this e-mail.`,
  }),
};

/**
 * A receipt for every top-up credited to a player with a confirmed address, in the player's
 * language: a reader of the activity stream, so the letter is recorded in the outbox in the same
 * transaction that moves the reader past the deposit. It exists exactly once for each credited
 * payment (its key is the payment's), whatever crashes, and never for a payment that was not.
 */
export function depositReceipts(outbox: MailOutbox, o: { site: string; base: string }): ActivityConsumer {
  return {
    name: 'deposit-receipts',
    // Deposits only: the games' rows are passed by their keys, a window of them a second.
    kinds: ['deposit'],
    batchSize: 2000,
    everyMs: 1000,
    async handle(tx, batch) {
      const deposits = batch.filter((row) => row.kind === 'deposit');
      if (!deposits.length) return;
      const byId = await confirmedAddresses(tx, [...new Set(deposits.map((d) => d.userId))]);
      let queued = 0;
      for (const deposit of deposits) {
        const player = byId.get(deposit.userId);
        if (!player) continue;
        const { lang } = player;
        const order = deposit.ref.replace(/^payment:/, '');
        const { subject, text } = letters[lang]({
          nickname: player.nickname,
          site: o.site,
          paid: coins(deposit.amount, lang),
          bonus: deposit.won > 0 ? coins(deposit.won, lang) : null,
          order,
          link: `${o.base}${lang === 'en' ? '/en' : ''}/profile`,
        });
        await outbox.enqueue(tx, { key: `deposit-receipt:${deposit.ref}`, template: 'deposit-receipt', userId: deposit.userId, to: player.email, subject, text, html: htmlOfText(lang, subject, text) });
        queued++;
      }
      if (queued) return () => outbox.worker.wake();
    },
  };
}
