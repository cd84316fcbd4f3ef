import { formatMinor } from '@store/shared/money';
import type { Lang } from '@store/shared/errors';
import { pathInLang, type LocalePrefix } from '@store/shared/locale-path';

/**
 * The sandbox's hosted checkout page: one self-contained HTML document (no scripts, inline
 * styles) in Russian or English. Plain forms post the outcome, so it works in any browser
 * and in tests without JavaScript.
 */
const texts = {
  ru: {
    title: 'Тестовая оплата',
    note: 'Это песочница платёжной системы: деньги не списываются.',
    order: 'Заказ',
    amount: 'К оплате',
    credit: 'Будет зачислено',
    pay: 'Оплатить',
    fail: 'Ошибка оплаты',
    pending: 'Оставить в ожидании',
    done: { success: 'Заказ уже оплачен.', fail: 'Оплата заказа не прошла.' },
    back: 'Вернуться в магазин',
    notFound: 'Платёж не найден',
  },
  en: {
    title: 'Sandbox payment',
    note: 'This is the payment sandbox: no money is charged.',
    order: 'Order',
    amount: 'Amount due',
    credit: 'You will get',
    pay: 'Pay',
    fail: 'Fail payment',
    pending: 'Leave pending',
    done: { success: 'This order is already paid.', fail: 'This order’s payment failed.' },
    back: 'Back to the store',
    notFound: 'Payment not found',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#0f1117;color:#e8eaf0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
main{width:100%;max-width:420px;background:#181b24;border:1px solid #2a2f3d;border-radius:16px;padding:28px}
h1{margin:0 0 4px;font-size:22px}p.note{margin:0 0 20px;color:#9aa1b2;font-size:14px}
dl{margin:0 0 24px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#9aa1b2}dd{margin:0;text-align:right;word-break:break-all}
dd.amount{font-size:24px;font-weight:700;color:#f5c542}form{display:grid;gap:10px}
button,a.button{display:block;width:100%;padding:14px;border:0;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#3ecf6e;color:#0b1a10}.fail{background:#e5484d;color:#fff}.pending,a.button{background:#2a2f3d;color:#e8eaf0}
button:focus-visible,a:focus-visible{outline:3px solid #f5c542;outline-offset:2px}`;

function layout(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface CheckoutOrder {
  orderId: string;
  status: string;
  amountMinor: number;
  currency: string;
  symbol: string;
  siteAmountMinor: number;
}

export function checkoutPage(order: CheckoutOrder, lang: Lang, resultUrl: string): string {
  const t = texts[lang];
  const amount = `${formatMinor(order.amountMinor, { currency: order.currency, locale: lang })} ${order.symbol}`;
  const credit = `${formatMinor(order.siteAmountMinor, { locale: lang })} GOLD`;
  const details = `<dl><dt>${t.order}</dt><dd data-testid="order-id">${escapeHtml(order.orderId)}</dd>
<dt>${t.amount}</dt><dd class="amount" data-testid="amount">${escapeHtml(amount)}</dd>
<dt>${t.credit}</dt><dd>${escapeHtml(credit)}</dd></dl>`;
  const head = `<h1>${t.title}</h1><p class="note">${t.note}</p>`;
  if (order.status !== 'pending') {
    const done = order.status === 'success' ? t.done.success : t.done.fail;
    return layout(lang, t.title, `${head}${details}<p>${done}</p><a class="button" href="${escapeHtml(resultUrl)}">${t.back}</a>`);
  }
  const action = `/sandbox/checkout/${encodeURIComponent(order.orderId)}/complete`;
  const form = `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="lang" value="${lang}">
<button class="pay" name="outcome" value="pay">${t.pay}</button>
<button class="fail" name="outcome" value="fail">${t.fail}</button>
<button class="pending" name="outcome" value="pending">${t.pending}</button></form>`;
  return layout(lang, t.title, head + details + form);
}

export function checkoutNotFoundPage(lang: Lang, localePrefix: LocalePrefix): string {
  const t = texts[lang];
  return layout(lang, t.notFound, `<h1>${t.notFound}</h1><a class="button" href="${pathInLang(lang, '/refill', localePrefix)}">${t.back}</a>`);
}
