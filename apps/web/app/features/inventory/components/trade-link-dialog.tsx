import { useState, type FormEvent } from 'react';
import { errorMessage } from '@store/shared/errors';
import { checkSteamLogin, checkTradeUrl } from '@store/shared/steam';
import { useAlert } from '#app/components/alerts.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { inviteBot, steamProfileUrl } from '../api/invite-bot.ts';
import { useSetSteamData } from '../api/set-steam-data.ts';
import { steamFieldOf, type SteamField, type SteamFieldError } from '../utils/steam-fields.ts';
import { useT } from '#app/lib/use-t.ts';

/** Where Steam shows the player's trade URL (spec §2 trade-link widget). */
export const TRADE_URL_HELP = 'https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url';

/**
 * The trade-link / Steam-login widget: the trade link with how to find it, the Steam login, the
 * store's bot to add as a friend. The checks of spec §5 run before sending (the same functions the
 * server runs); a refusal shows under its field in the player's language.
 */
export function TradeLinkDialog({ initialError, onClose }: { initialError?: SteamFieldError | null; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const me = useMe();
  const call = useApi();
  const alert = useAlert();
  const save = useSetSteamData();
  const [link, setLink] = useState(me?.steam.link ?? '');
  const [login, setLogin] = useState(me?.steam.login ?? '');
  const [errors, setErrors] = useState<Partial<Record<SteamField, string>>>(initialError ? { [initialError.field]: initialError.message } : {});
  const [inviting, setInviting] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { link: link.trim() || undefined, login: login.trim() || undefined };
    const linkError = body.link !== undefined || body.login === undefined ? checkTradeUrl(body.link) : null;
    const loginError = body.login !== undefined ? checkSteamLogin(body.login) : null;
    setErrors({ link: linkError ? errorMessage(linkError, lang) : undefined, login: loginError ? errorMessage(loginError, lang) : undefined });
    if (linkError || loginError) return;
    save.mutate(body, {
      onSuccess: () => {
        alert.success(t('alerts.steam_data_saved_successfully'));
        onClose();
      },
      onError: (err) => {
        const field = err instanceof ApiError ? steamFieldOf(err.code) : null;
        if (field) setErrors({ [field]: err.message });
        else alert.error(err.message);
      },
    });
  };

  // The tab opens at the click (a popup blocker allows that), then goes to the bot's profile.
  const addBot = async () => {
    const tab = window.open('', '_blank');
    setInviting(true);
    try {
      const { botSteamid } = await inviteBot(call);
      if (tab) {
        tab.opener = null;
        tab.location.href = steamProfileUrl(botSteamid);
      } else window.open(steamProfileUrl(botSteamid), '_blank', 'noopener');
    } catch (err) {
      tab?.close();
      alert.error(err instanceof Error ? err.message : String(err));
    } finally {
      setInviting(false);
    }
  };

  return (
    <Dialog title={t('steam.title')} onClose={onClose} testId="trade-link-dialog">
      <form className="steam-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('steam.linkLabel')}</span>
          <input
            value={link}
            onChange={(e) => setLink(e.target.value)}
            placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
            inputMode="url"
            autoComplete="off"
            aria-invalid={!!errors.link}
            data-testid="trade-link-input"
          />
          {errors.link && (
            <span className="form-error" role="alert" data-testid="trade-link-error">
              {errors.link}
            </span>
          )}
        </label>
        <p className="steam-form__help muted">
          {t('steam.howTo')}{' '}
          <a href={TRADE_URL_HELP} target="_blank" rel="noopener noreferrer" data-testid="trade-link-help">
            {t('steam.howToLink')}
          </a>
        </p>
        <label className="field">
          <span className="field__label">{t('steam.loginLabel')}</span>
          <input value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="off" aria-invalid={!!errors.login} data-testid="steam-login-input" />
          {errors.login && (
            <span className="form-error" role="alert" data-testid="steam-login-error">
              {errors.login}
            </span>
          )}
        </label>
        <div className="steam-form__actions">
          <button type="submit" className="btn btn--accent btn--m" disabled={save.isPending} data-testid="steam-save">
            {t('steam.save')}
          </button>
          <button type="button" className="btn btn--secondary btn--m" disabled={inviting} onClick={() => void addBot()} data-testid="bot-invite">
            {t('steam.addBot')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
