import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAlert } from '#app/components/alerts.tsx';
import type { Lang } from '#app/lib/lang.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { PROVIDER_NAMES } from '#app/lib/provider-signin.ts';
import { readSigninOutcome, withoutSigninParams } from '../utils/signin-return.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The catalogue's words for a failed return; a code it does not know reads as a failed sign-in.
 * The catalogue loads only when needed, so it stays out of every page's first load.
 */
export async function signinErrorText(code: string, lang: Lang, provider: string): Promise<string> {
  const { errorMessage, isErrorCode } = await import('@store/shared/errors');
  return errorMessage(isErrorCode(code) ? code : 'signin_failed', lang, { provider });
}

/**
 * The page a provider sent the player back to: shows what happened (welcome, linked, or the
 * catalogue's reason in the page's language), then drops the parameters so a reload or a shared
 * link does not say it again.
 */
export function SigninReturn() {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const me = useMe();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const outcome = readSigninOutcome(search);
    if (!outcome || shown.current === search) return;
    // The welcome names the player: wait until the page knows who signed in.
    if (outcome.kind === 'signed-in' && !me) return;
    shown.current = search;
    const provider = outcome.provider ? PROVIDER_NAMES[outcome.provider] : '';
    if (outcome.kind === 'signed-in') alert.success(t('auth.welcome', { nickname: me!.nickname }), t('auth.welcomeTitle'));
    else if (outcome.kind === 'linked') alert.success(t('auth.linked', { provider }));
    else void signinErrorText(outcome.code, lang, provider).then((text) => alert.error(text));
    void navigate(`${pathname}${withoutSigninParams(search)}${hash}`, { replace: true, preventScrollReset: true });
  }, [search, me, pathname, hash, alert, t, lang, navigate]);

  return null;
}
