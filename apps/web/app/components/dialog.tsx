import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatest } from '#app/lib/use-latest.ts';

/** A modal dialog: Escape or the backdrop closes it, focus moves inside. */
export function Dialog({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const close = useLatest(onClose);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    document.addEventListener('keydown', onKey);
    box.current?.querySelector<HTMLElement>('input, button:not(.dialog__close)')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
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
