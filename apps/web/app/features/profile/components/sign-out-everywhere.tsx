import { useState } from 'react';
import { Dialog } from '#app/components/dialog.tsx';
import { useSignedOut } from '#app/lib/use-signed-out.ts';
import { useRevokeAllSessions } from '../api/revoke-all-sessions.ts';
import { useT } from '#app/lib/use-t.ts';

/** "Sign out everywhere" on the player's own profile: asks first, then ends every session. */
export function SignOutEverywhere() {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const revokeAll = useRevokeAllSessions();
  const signedOut = useSignedOut();
  const close = () => {
    setAsking(false);
    revokeAll.reset();
  };
  const confirm = () => revokeAll.mutate(undefined, { onSuccess: () => signedOut() });

  return (
    <>
      <button type="button" className="btn btn--secondary btn--s" onClick={() => setAsking(true)} data-testid="sign-out-everywhere">
        {t('profile.signOutEverywhere')}
      </button>
      {asking && (
        <Dialog title={t('profile.signOutEverywhereTitle')} onClose={close} testId="sign-out-everywhere-dialog">
          <div className="stack">
            <p className="muted">{t('profile.signOutEverywhereText')}</p>
            {revokeAll.error && (
              <p className="form-error" role="alert">
                {revokeAll.error.message}
              </p>
            )}
            <button type="button" className="btn btn--primary btn--l" onClick={confirm} disabled={revokeAll.isPending || revokeAll.isSuccess} data-testid="sign-out-everywhere-confirm">
              {t('profile.signOutEverywhereConfirm')}
            </button>
            <button type="button" className="btn btn--secondary btn--m" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
