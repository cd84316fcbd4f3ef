import { useMemo, useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import { battleFailText } from '#app/features/battles/utils/battle-answer.ts';
import { battlePrice, checkRounds, roundCount, seatsOf, type BattleMode } from '@store/shared/battle';
import { errorMessage } from '@store/shared/errors';
import { toMinor, toUnits } from '@store/shared/money';
import type { Route } from './+types/battles-create';
import { getBattleCases } from '#app/features/battles/api/get-battle-cases.ts';
import { useCreateBattle } from '#app/features/battles/api/create-battle.ts';
import { BattleCart, type CartLine } from '#app/features/battles/components/battle-cart.tsx';
import { CasePicker, type PickableCase } from '#app/features/battles/components/case-picker.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** /battles/create: pick cases and a mode, see the entry price, create; guests go to /battles (spec §5). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  if (!api.token) throw redirect(localePath(lang, '/battles'));
  return { cases: await getBattleCases(api.call) };
}

export default function BattlesCreate({ loaderData }: Route.ComponentProps) {
  const { cases } = loaderData;
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const alert = useAlert();
  const navigate = useNavigate();
  const create = useCreateBattle();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [mode, setMode] = useState<BattleMode>('1v1');
  const max = cases.maxRounds;

  const counts = useMemo(() => new Map(lines.map((l) => [l.case.slug, l.count])), [lines]);
  const rounds = roundCount(lines);
  // The same sum the server charges: minor units, each case once per round.
  const price = toUnits(battlePrice(lines.map((l) => ({ price: toMinor(l.case.price), count: l.count }))));

  // Every change goes through the shared round rules; an over-limit change is refused with the catalogue's words.
  const apply = (next: CartLine[]) => {
    const kept = next.filter((l) => l.count > 0);
    const problem = kept.length ? checkRounds(kept, max) : null;
    if (problem) return alert.error(errorMessage(problem, lang, { max }));
    setLines(kept);
  };
  const onAdd = (c: PickableCase) =>
    apply(counts.has(c.slug) ? lines.map((l) => (l.case.slug === c.slug ? { ...l, count: l.count + 1 } : l)) : [...lines, { case: c, count: 1 }]);
  const onCount = (slug: string, count: number) => apply(lines.map((l) => (l.case.slug === slug ? { ...l, count } : l)));

  const onCreate = () => {
    const problem = checkRounds(lines, max);
    if (problem) return alert.error(errorMessage(problem, lang, { max }));
    create.mutate(
      { mode, cases: lines.map((l) => ({ slug: l.case.slug, count: l.count })) },
      {
        onSuccess: (res) => void navigate(to(`/battles/${res.battleUlid}`)),
        onError: (e) => alert.error(battleFailText(t, e)),
      },
    );
  };

  return (
    <>
      <div className="page-head">
        <h1>{t('battles.createTitle')}</h1>
        <p className="muted">{t('battles.createSubtitle')}</p>
      </div>
      <div className="battle-create">
        <CasePicker data={cases} counts={counts} onAdd={onAdd} />
        <BattleCart
          lines={lines}
          rounds={rounds}
          maxRounds={max}
          mode={mode}
          price={price}
          seats={seatsOf(mode)}
          busy={create.isPending}
          onMode={setMode}
          onCount={onCount}
          onClear={() => setLines([])}
          onCreate={onCreate}
        />
      </div>
    </>
  );
}

export const ErrorBoundary = RouteError;
