import { Form } from 'react-router';
import { BATTLE_MAX_ROUNDS } from '@store/shared/constants';
import type { Route } from './+types/battles-details';
import { BATTLE_ULID, getBattle } from '#app/features/battles/api/get-battle.ts';
import { BattleVerifier } from '#app/features/battles/components/battle-verifier.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** /battles/details: the rules of battles, and a verifier of any finished battle (?battle=ULID). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const ulid = (url.searchParams.get('battle') ?? '').trim().toUpperCase();
  if (!ulid) return { ulid, battle: null, missing: false };
  if (!BATTLE_ULID.test(ulid)) return { ulid, battle: null, missing: true };
  try {
    return { ulid, battle: await getBattle(api.call, ulid), missing: false };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return { ulid, battle: null, missing: true };
    throw e;
  }
}

export default function BattlesDetails({ loaderData }: Route.ComponentProps) {
  const { ulid, battle, missing } = loaderData;
  const t = useT();
  const rules = t('battles.details.rules', { returnObjects: true, max: BATTLE_MAX_ROUNDS }) as unknown as string[];
  return (
    <>
      <div className="page-head">
        <h1>{t('battles.details.title')}</h1>
      </div>
      <ol className="battle-rules" data-testid="battle-rules">
        {rules.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ol>
      <section className="stack verify-box" id="verify">
        <h2>{t('battles.details.verify')}</h2>
        <p className="muted">{t('battles.details.verifyText')}</p>
        <Form method="get" className="verify-form">
          <input name="battle" defaultValue={ulid} placeholder={t('battles.details.placeholder')} aria-label={t('battles.details.placeholder')} autoComplete="off" spellCheck={false} />
          <button type="submit" className="btn btn--primary btn--m">
            {t('battles.details.check')}
          </button>
        </Form>
        {missing && <p className="form-error">{t('battles.details.notFound')}</p>}
        {battle && <BattleVerifier key={battle.ulid} battle={battle} />}
      </section>
    </>
  );
}

export const ErrorBoundary = RouteError;
