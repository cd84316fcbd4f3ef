import { formatAmount } from '@store/shared/money';
import { useLang } from '#app/lib/use-lang.ts';
import type { EventDetailData } from '../api/event-detail.ts';
import type { PassDraft } from '../utils/event-form.ts';
import { useT } from '#app/lib/use-t.ts';

type Reward = { money?: number; coins?: number; caseSlug?: string | null; caseAmount?: number };

/** A level's or task's reward in a line: GOLD, coins and free cases. */
function RewardText({ reward }: { reward: Reward }) {
  const t = useT();
  const lang = useLang();
  const parts = [
    reward.money ? `${formatAmount(reward.money, { locale: lang })} GOLD` : null,
    reward.coins ? t('admin.events.pass.coins', { count: reward.coins }) : null,
    reward.caseSlug ? `${reward.caseSlug} × ${reward.caseAmount || 1}` : null,
  ].filter(Boolean);
  return <>{parts.length ? parts.join(' · ') : '—'}</>;
}

/** The pass's levels: threshold and reward; for a season that runs, how many reached and claimed each. */
export function PassLevelsTable({ levels, counted }: { levels: (Reward & { level: number; threshold: number; reached?: number; claimed?: number })[]; counted: boolean }) {
  const t = useT();
  return (
    <div className="console-table-wrap">
      <table className="console-table" data-testid="event-levels">
        <thead>
          <tr>
            <th className="num">{t('admin.events.pass.level')}</th>
            <th className="num">{t('admin.events.pass.threshold')}</th>
            <th>{t('admin.events.pass.reward')}</th>
            {counted && <th className="num">{t('admin.events.pass.reached')}</th>}
            {counted && <th className="num">{t('admin.events.pass.claimed')}</th>}
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => (
            <tr key={l.level} data-testid="event-level">
              <td className="num">{l.level}</td>
              <td className="num">{l.threshold}</td>
              <td className="console-table__wrap">
                <RewardText reward={l} />
              </td>
              {counted && <td className="num">{l.reached}</td>}
              {counted && (
                <td className="num" data-testid="event-level-claimed">
                  {l.claimed}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The pass as typed, while a new season is written: its levels as they will read, in money units. */
export function PassPreview({ pass }: { pass: PassDraft | null }) {
  const t = useT();
  if (!pass) return <p className="console-note console-note--danger">{t('admin.events.problems.pass')}</p>;
  const levels = pass.levels.map((l, i) => ({ level: i + 1, threshold: l.threshold, money: (l.money ?? 0) / 100, coins: l.coins, caseSlug: l.case, caseAmount: l.case_amount }));
  return (
    <div className="event-preview" data-testid="event-pass-preview">
      <h3>{t('admin.events.pass.preview', { levels: pass.levels.length, tasks: pass.tasks.length, prizes: pass.raffle_prizes.length })}</h3>
      <PassLevelsTable levels={levels} counted={false} />
    </div>
  );
}

/** The season's tasks with how many players did each, and its raffle's prizes with their winners. */
export function PassTasksAndRaffle({ event }: { event: EventDetailData }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <section className="console-card" aria-label={t('admin.events.pass.tasks')}>
        <h2>{t('admin.events.pass.tasks')}</h2>
        {event.tasks.length === 0 ? (
          <p className="muted">{t('admin.events.pass.noTasks')}</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table" data-testid="event-tasks">
              <thead>
                <tr>
                  <th className="num">{t('admin.events.pass.level')}</th>
                  <th>{t('admin.events.pass.task')}</th>
                  <th className="num">{t('admin.events.pass.target')}</th>
                  <th>{t('admin.events.pass.reward')}</th>
                  <th className="num">{t('admin.events.pass.done')}</th>
                </tr>
              </thead>
              <tbody>
                {event.tasks.map((k) => (
                  <tr key={k.id} data-testid="event-task">
                    <td className="num">{k.level}</td>
                    <td className="console-table__wrap">
                      {lang === 'en' ? k.description.en : k.description.ru}
                      <br />
                      <small className="muted">{k.type}</small>
                    </td>
                    <td className="num">{k.target}</td>
                    <td className="console-table__wrap">
                      <RewardText reward={k} />
                    </td>
                    <td className="num">{k.done}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="console-card" aria-label={t('admin.events.pass.raffle')}>
        <h2>{t('admin.events.pass.raffle')}</h2>
        <p className="muted event-head__seed">
          {t('admin.events.pass.seedHash')} <code>{event.raffleSeedHash}</code>
        </p>
        {event.rafflePrizes.length === 0 ? (
          <p className="muted">{t('admin.events.pass.noPrizes')}</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table" data-testid="event-prizes">
              <thead>
                <tr>
                  <th className="num">#</th>
                  <th>{t('admin.events.pass.prize')}</th>
                  <th className="num">{t('admin.events.pass.price')}</th>
                  <th>{t('admin.events.pass.winner')}</th>
                </tr>
              </thead>
              <tbody>
                {event.rafflePrizes.map((p) => (
                  <tr key={p.position}>
                    <td className="num">{p.position}</td>
                    <td className="console-table__wrap">{p.itemKey}</td>
                    <td className="num">{formatAmount(p.price, { locale: lang })}</td>
                    <td>{p.winnerId === null ? '—' : t(p.granted ? 'admin.events.pass.granted' : 'admin.events.pass.drawn', { id: p.winnerId })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
