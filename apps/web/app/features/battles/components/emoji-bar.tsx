import { useT } from '#app/lib/use-t.ts';
import { BATTLE_EMOJIS } from '../api/send-emoji.ts';

/** The reactions a seated player may send to everyone watching. */
export function EmojiBar({ onSend, disabled }: { onSend: (emoji: string) => void; disabled: boolean }) {
  const t = useT();
  return (
    <div className="emoji-bar" role="group" aria-label={t('battles.emoji')} data-testid="emoji-bar">
      {BATTLE_EMOJIS.map((e) => (
        <button key={e} type="button" onClick={() => onSend(e)} disabled={disabled}>
          {e}
        </button>
      ))}
    </div>
  );
}

/** Reactions rising over a seat, each for about two seconds. */
export function FloatingEmojis({ items }: { items: { key: number; content: string }[] }) {
  return (
    <div className="emoji-float" aria-hidden="true">
      {items.map((e) => (
        <span key={e.key} style={{ left: `${20 + (e.key * 37) % 60}%` }} data-testid="emoji-float">
          {e.content}
        </span>
      ))}
    </div>
  );
}
