import { Fragment } from 'react';
import { BATTLE_MODES, seatsOf, teamOf, type BattleMode } from '@store/shared/battle';
import { useT } from '#app/lib/use-t.ts';

/** The seats of a mode drawn as dots, teams apart: ●|● , ●●|●● ... */
export function SeatLayout({ mode }: { mode: BattleMode }) {
  const seats = Array.from({ length: seatsOf(mode) }, (_, i) => i + 1);
  return (
    <span className={`seat-layout seat-layout--${mode}`} aria-hidden="true">
      {seats.map((s) => (
        <Fragment key={s}>
          {s > 1 && teamOf(mode, s) !== teamOf(mode, s - 1) && <i className="seat-layout__vs" />}
          <b />
        </Fragment>
      ))}
    </span>
  );
}

/** The four modes with their seat layouts (spec §3: up to 4 seats). */
export function ModePicker({ value, onChange }: { value: BattleMode; onChange: (m: BattleMode) => void }) {
  const t = useT();
  return (
    <div className="mode-picker" role="radiogroup" aria-label={t('battles.mode')}>
      {BATTLE_MODES.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={value === m}
          className={`mode-picker__option${value === m ? ' on' : ''}`}
          onClick={() => onChange(m)}
          data-testid={`battle-mode-${m}`}
        >
          <SeatLayout mode={m} />
          <span>{t(`battles.modesShort.${m}`)}</span>
        </button>
      ))}
    </div>
  );
}
