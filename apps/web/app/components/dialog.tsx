import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLatest } from '#app/lib/use-latest.ts';
import { useT } from '#app/lib/use-t.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside `box` (a modal's keyboard user never lands behind it) and answers where focus
 * goes when it closes: back to what had it before.
 */
export function useFocusTrap(box: { current: HTMLElement | null }, active = true) {
  // A layout effect, like the dialog's Escape: the keys work from the frame the dialog first shows in.
  useLayoutEffect(() => {
    if (!active) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || !box.current) return;
      const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (!items.length) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && (document.activeElement === first || !box.current.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !box.current.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, [box, active]);
}

/**
 * A modal dialog: Escape or the backdrop closes it, focus moves inside, stays there and goes back
 * after. It fades and pops in when it opens; one that is part of the page's first paint (`inPage`:
 * the server rendered it) is simply there, like the rest of the page.
 */
export function Dialog({ title, onClose, children, testId, inPage = false }: { title: string; onClose: () => void; children: ReactNode; testId?: string; inPage?: boolean }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const close = useLatest(onClose);
  // Before the focus moves inside, so it remembers where focus was.
  useFocusTrap(box);
  // Before the browser paints: a dialog on screen always answers Escape, however busy the page
  // (a passive effect can run frames later, and a key pressed as the dialog appears was lost).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    document.addEventListener('keydown', onKey);
    box.current?.querySelector<HTMLElement>('input, button:not(.dialog__close)')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);
  return (
    <div className={inPage ? 'dialog-backdrop dialog-backdrop--in-page' : 'dialog-backdrop'} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-label={title} ref={box} data-testid={testId}>
        <div className="dialog__head">
          <h2>{title}</h2>
          <button type="button" className="dialog__close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
