import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, isErrorCode } from '@store/shared/errors';
import { useAlert } from '#app/components/alerts.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** The mailed link comes back here with `email=confirmed` or `email_error=<code>`: say so once, then drop it. */
export function EmailReturn() {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    const q = new URLSearchParams(search);
    const confirmed = q.get('email') === 'confirmed';
    const error = q.get('email_error');
    if (!confirmed && error === null) return;
    if (confirmed) alert.success(t('account.personal.emailConfirmed'));
    else alert.error(errorMessage(isErrorCode(error) ? error : 'email_link_invalid', lang));
    q.delete('email');
    q.delete('email_error');
    const rest = q.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true, preventScrollReset: true });
  }, [search, pathname, alert, t, lang, navigate]);

  return null;
}
