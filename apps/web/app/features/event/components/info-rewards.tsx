import { Coins } from '#app/components/event-coin.tsx';
import { Money } from '#app/components/money.tsx';
import { Picture } from '#app/components/picture.tsx';
import { useInfoPopup } from '../api/get-info-popup.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * What the event gives (spec §3 Info-popup rewards): each pass level's reward (its first case, else
 * its coins or money) and the daily cases, in two strips that scroll sideways.
 */
export function InfoRewards() {
  const t = useT();
  const { data } = useInfoPopup();
  if (!data) return null;
  const levels = data.chaleng.levels.filter((l) => l.caseData.length > 0 || l.balanceData.coins > 0 || l.balanceData.money > 0);
  if (levels.length === 0 && data.dailyCase.length === 0) return null;
  return (
    <section className="info-rewards" data-testid="info-rewards" aria-label={t('event.info.rewards')}>
      {levels.length > 0 && (
        <>
          <b className="info-rewards__title">{t('event.info.passRewards')}</b>
          <ul className="info-rewards__strip" data-testid="info-rewards-levels">
            {levels.map((l) => {
              const box = l.caseData[0];
              return (
                <li key={l.level} className={`info-rewards__item info-rewards__item--${l.type}`}>
                  <span className="info-rewards__level">{t('event.info.level', { level: l.level })}</span>
                  {box ? (
                    <>
                      <Picture src={box.img} alt="" width={56} height={56} />
                      <span className="info-rewards__name">{box.name}</span>
                    </>
                  ) : l.balanceData.money > 0 ? (
                    <Money value={l.balanceData.money} />
                  ) : (
                    <Coins value={l.balanceData.coins} />
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {data.dailyCase.length > 0 && (
        <>
          <b className="info-rewards__title">{t('event.info.dailyCases')}</b>
          <ul className="info-rewards__strip" data-testid="info-rewards-daily">
            {data.dailyCase.map((c) => (
              <li key={c.id} className="info-rewards__item">
                <Picture src={c.img} alt="" width={56} height={56} />
                <span className="info-rewards__name">{c.name}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
