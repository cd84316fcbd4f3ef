import type { Lang } from '@store/shared/errors';
import type { SigninProvider } from '@store/shared/account';

/**
 * The sandbox identity provider's sign-in screen (decision 022): one self-contained HTML page, no
 * scripts, where the tester says who signs in (a name and the provider's id, pre-filled with a
 * fresh one) and allows or denies, as on the provider's own consent screen.
 */
const texts = {
  ru: {
    title: { steam: 'Вход через Steam', google: 'Вход через Google', vk: 'Вход через VK ID' },
    note: 'Песочница провайдера входа: настоящий аккаунт не нужен.',
    name: 'Имя в профиле',
    subject: 'Идентификатор аккаунта',
    allow: 'Разрешить и войти',
    deny: 'Отказать',
    invalid: 'Запрос на вход неверен',
  },
  en: {
    title: { steam: 'Sign in through Steam', google: 'Sign in with Google', vk: 'Sign in with VK ID' },
    note: 'Sign-in provider sandbox: no real account is needed.',
    name: 'Profile name',
    subject: 'Account id',
    allow: 'Allow and sign in',
    deny: 'Deny',
    invalid: 'The sign-in request is invalid',
  },
} as const;

const ACCENT: Record<SigninProvider, string> = { steam: '#66c0f4', google: '#4285f4', vk: '#0077ff' };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const style = (accent: string) => `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#0f1117;color:#e8eaf0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
main{width:100%;max-width:420px;background:#181b24;border:1px solid #2a2f3d;border-top:4px solid ${accent};border-radius:16px;padding:28px}
h1{margin:0 0 4px;font-size:22px}p.note{margin:0 0 20px;color:#9aa1b2;font-size:14px}
form{display:grid;gap:12px}label{display:grid;gap:4px;font-size:14px;color:#9aa1b2}
input{width:100%;padding:12px;border-radius:10px;border:1px solid #2a2f3d;background:#0f1117;color:#e8eaf0;font:inherit}
button{display:block;width:100%;padding:14px;border:0;border-radius:10px;font:inherit;font-weight:600;cursor:pointer}
.allow{background:${accent};color:#0b0d12}.deny{background:#2a2f3d;color:#e8eaf0}
button:focus-visible,input:focus-visible{outline:3px solid #f5c542;outline-offset:2px}`;

function layout(lang: Lang, provider: SigninProvider, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style(ACCENT[provider])}</style></head><body><main>${body}</main></body></html>`;
}

/** The consent screen; `carry` are the request's parameters, posted back unchanged. */
export function signinScreen(o: { lang: Lang; provider: SigninProvider; action: string; carry: Record<string, string>; subject: string; name: string }): string {
  const t = texts[o.lang];
  const hidden = Object.entries(o.carry)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const body = `<h1>${t.title[o.provider]}</h1><p class="note">${t.note}</p>
<form method="post" action="${escapeHtml(o.action)}">${hidden}
<label>${t.name}<input name="sandbox_name" value="${escapeHtml(o.name)}" maxlength="64" required data-testid="sandbox-signin-name"></label>
<label>${t.subject}<input name="sandbox_subject" value="${escapeHtml(o.subject)}" maxlength="40" required data-testid="sandbox-signin-subject"></label>
<button class="allow" name="sandbox_decision" value="allow" data-testid="sandbox-signin-allow">${t.allow}</button>
<button class="deny" name="sandbox_decision" value="deny" formnovalidate data-testid="sandbox-signin-deny">${t.deny}</button></form>`;
  return layout(o.lang, o.provider, t.title[o.provider], body);
}

export function invalidRequestScreen(lang: Lang, provider: SigninProvider, reason: string): string {
  const t = texts[lang];
  return layout(lang, provider, t.invalid, `<h1>${t.invalid}</h1><p class="note">${escapeHtml(reason)}</p>`);
}

/** A letter avatar for a sandbox profile, served by the sandbox like a provider's picture host. */
export function avatarSvg(name: string, color: string): string {
  const letter = escapeHtml(([...name.trim()][0] ?? '?').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="18" fill="${color}"/><text x="48" y="62" font-family="system-ui,sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#0f1117">${letter}</text></svg>`;
}
