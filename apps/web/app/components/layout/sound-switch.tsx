import { useSoundSwitch } from '#app/lib/use-sound.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The sound switch: a speaker, struck through while the player has sound off (decision 045). In the
 * header, and in the side menu on phones.
 */
export function SoundSwitch({ testId = 'sound-switch' }: { testId?: string }) {
  const t = useT();
  const { on, toggle } = useSoundSwitch();
  return (
    <button
      type="button"
      className="sound-switch"
      aria-label={t('header.sound')}
      aria-pressed={on}
      title={on ? t('header.soundOn') : t('header.soundOff')}
      onClick={toggle}
      data-testid={testId}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
        {on ? (
          <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
        ) : (
          <path d="M16 9.5l5 5M21 9.5l-5 5" />
        )}
      </svg>
    </button>
  );
}
