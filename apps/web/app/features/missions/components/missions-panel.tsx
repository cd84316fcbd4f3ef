import { Link } from 'react-router';
import { MISSION_DONE } from '@store/shared/account';
import { useAlert } from '#app/components/alerts.tsx';
import { Money } from '#app/components/money.tsx';
import { errorMessage } from '@store/shared/errors';
import { formatAmount } from '@store/shared/money';
import { ApiError } from '#app/lib/api.ts';
import { PROVIDER_NAMES } from '#app/lib/provider-signin.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useClaimFastMission } from '../api/claim-fast-mission.ts';
import { useCheckSocial } from '../api/check-social.ts';
import { useFastMissions, type FastMissionData } from '../api/get-fast-missions.ts';
import { useSocialMissions, type SocialMissionData } from '../api/get-social-missions.ts';
import { useT } from '#app/lib/use-t.ts';

/** The player's missions on their own profile: the fast first steps and the communities to join. */
export function MissionsPanel() {
  const t = useT();
  const fast = useFastMissions();
  const social = useSocialMissions();
  return (
    <div className="missions" data-testid="missions-panel">
      <section aria-labelledby="missions-fast">
        <h2 id="missions-fast">{t('missions.fast')}</h2>
        {fast.error ? <p className="form-error">{fast.error.message}</p> : null}
        <ul className="missions__list">{fast.data ? fast.data.map((m) => <FastMissionRow key={m.type} mission={m} />) : <li className="missions__item missions__item--loading" />}</ul>
      </section>
      <section aria-labelledby="missions-social">
        <h2 id="missions-social">{t('missions.social')}</h2>
        {social.error ? <p className="form-error">{social.error.message}</p> : null}
        <ul className="missions__list">{social.data ? social.data.map((m) => <SocialMissionRow key={m.type} mission={m} />) : <li className="missions__item missions__item--loading" />}</ul>
      </section>
    </div>
  );
}

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="mission-progress" role="progressbar" aria-valuemin={0} aria-valuemax={MISSION_DONE} aria-valuenow={value} aria-label={label}>
      <span className="mission-progress__bar">
        <span style={{ width: `${(Math.min(value, MISSION_DONE) / MISSION_DONE) * 100}%` }} />
      </span>
      <span className="mission-progress__text">
        {value}/{MISSION_DONE}
      </span>
    </div>
  );
}

function FastMissionRow({ mission: m }: { mission: FastMissionData }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const claim = useClaimFastMission();
  const onClaim = () =>
    claim.mutate(m.type, {
      onSuccess: ({ prize }) => alert.success(t('missions.paid', { prize: formatAmount(prize, { locale: lang }) })),
      onError: (e) => alert.error(e.message),
    });
  return (
    <li className="missions__item" data-testid={`mission-${m.type}`} data-progress={m.progress}>
      <div className="missions__text">
        <b>{m.name}</b>
        <span className="muted">{m.description}</span>
      </div>
      <Progress value={m.progress} label={m.name} />
      <div className="missions__action">
        <Money value={m.prize} className="missions__prize" />
        {m.claimed ? (
          <span className="badge badge--confirmed">{t('missions.claimed')}</span>
        ) : m.progress >= MISSION_DONE ? (
          <button type="button" className="btn btn--accent btn--s" disabled={claim.isPending} onClick={onClaim} data-testid={`mission-${m.type}-claim`}>
            {t('missions.claim')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function SocialMissionRow({ mission: m }: { mission: SocialMissionData }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const alert = useAlert();
  const check = useCheckSocial();
  const provider = t(`account.providers.${m.type}`);
  // The catalogue's words with the network written as the store writes it.
  const checkError = check.error instanceof ApiError && check.error.code === 'provider_not_linked' ? errorMessage('provider_not_linked', lang, { provider: PROVIDER_NAMES[m.type] }) : check.error?.message;
  const onCheck = () =>
    check.mutate(m.type, {
      onSuccess: ({ paid }) => paid > 0 && alert.success(t('missions.paid', { prize: formatAmount(paid, { locale: lang }) })),
    });
  return (
    <li className="missions__item" data-testid={`social-${m.type}`} data-claimed={m.claimed}>
      <div className="missions__text">
        <b>{m.name}</b>
        <span className="muted">{m.description}</span>
        {!m.linked && !m.claimed && (
          <span className="missions__hint" data-testid={`social-${m.type}-link-first`}>
            {t('missions.linkFirst', { provider })} <Link to={to('/profile/settings')}>{t('missions.toSettings')}</Link>
          </span>
        )}
        {checkError && (
          <span className="form-error" role="alert" data-testid={`social-${m.type}-error`}>
            {checkError}
          </span>
        )}
      </div>
      <div className="missions__action">
        <Money value={m.prize} className="missions__prize" />
        {m.claimed ? (
          <span className="badge badge--confirmed">{t('missions.claimed')}</span>
        ) : (
          <>
            <a className="btn btn--secondary btn--s" href={m.url} target="_blank" rel="noreferrer noopener" data-testid={`social-${m.type}-join`}>
              {t('missions.join')}
            </a>
            <button type="button" className="btn btn--primary btn--s" disabled={check.isPending} onClick={onCheck} data-testid={`social-${m.type}-check`}>
              {t('missions.check')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
