import { UPGRADE_QUICK_MULTIPLIERS, upgradeChanceLabel } from '@store/shared/upgrade';
import { ItemCard, type ItemView } from '#app/components/item-card.tsx';
import { Money } from '#app/components/money.tsx';
import { UpgradeWheel } from './upgrade-wheel.tsx';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The upgrade stage: the stake on the left, the wheel with its chance in the middle, the target
 * on the right, and the controls under the wheel. The wheel comes first in the markup (the
 * stylesheet places each part), so a phone's early paint never has it push the sides down.
 */
export function UpgradeStage({
  stake,
  stakeCount,
  target,
  chance,
  reversed,
  onReverse,
  ticket,
  onSpun,
  canUpgrade,
  busy,
  onUpgrade,
  signedIn,
  tooHigh,
  onQuick,
  quickBusy,
}: {
  stake: number;
  stakeCount: number;
  target: ItemView | null;
  chance: number;
  reversed: boolean;
  onReverse: () => void;
  ticket: number | null;
  onSpun: () => void;
  canUpgrade: boolean;
  busy: boolean;
  onUpgrade: () => void;
  signedIn: boolean;
  tooHigh: boolean;
  /** Takes the cheapest target worth the stake times a multiplier; absent while there is no stake. */
  onQuick?: (multiplier: number) => void;
  quickBusy?: boolean;
}) {
  const t = useT();
  const figure = useFigure();
  const label = upgradeChanceLabel(chance);
  const multiplier = target && stake > 0 ? target.price / stake : 0;
  return (
    <div className="upgrade-stage">
      <div className="upgrade-stage__center">
        <UpgradeWheel chance={chance} reversed={reversed} ticket={ticket} onDone={onSpun} />
        {multiplier > 0 && (
          <span className={`chance-label chance-label--${label}`} data-testid="chance-label">
            {t(`upgrade.label.${label}`)} · {t('upgrade.multiplier', { value: figure(multiplier, 2) })}
          </span>
        )}
        {tooHigh && <span className="form-error">{t('upgrade.tooHigh')}</span>}
        <div className="upgrade-stage__actions">
          <label className="switch">
            <input type="checkbox" checked={reversed} onChange={onReverse} data-testid="upgrade-reverse" />
            <span>{t('upgrade.reverse')}</span>
          </label>
          <button type="button" className="btn btn--accent btn--l" disabled={!canUpgrade || busy} onClick={onUpgrade} data-testid="upgrade-go">
            {!signedIn ? t('upgrade.signIn') : busy ? t('upgrade.spinning') : t('upgrade.go')}
          </button>
        </div>
      </div>
      <div className="upgrade-stage__side upgrade-stage__side--stake">
        <span className="muted">{t('upgrade.stake')}</span>
        <div className="stake-box" data-testid="upgrade-stake">
          <b>{stakeCount}</b>
          <Money value={stake} />
        </div>
      </div>
      <div className="upgrade-stage__side upgrade-stage__side--target">
        <span className="muted">{t('upgrade.target')}</span>
        {target ? <ItemCard item={target} compact testId="upgrade-target" /> : <p className="empty empty--small" data-testid="upgrade-no-target">{t('upgrade.pickTarget')}</p>}
        {onQuick && (
          // The player picks; a stake alone never picks a target for them (spec §5: a selected target).
          <div className="quick-multipliers" role="group" aria-label={t('upgrade.quickLabel')}>
            {UPGRADE_QUICK_MULTIPLIERS.map((m) => (
              <button key={m} type="button" className="chip" onClick={() => onQuick(m)} disabled={quickBusy} data-testid={`upgrade-quick-${m}`}>
                ×{m}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
