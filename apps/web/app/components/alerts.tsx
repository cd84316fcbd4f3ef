import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { addAlert, ALERT_SHOW_MS, closeAlert, type Alert, type AlertKind } from '#app/lib/alert-stack.ts';
import { ALERT_CODES, failureAlert, type AlertCode } from '#app/lib/alert-codes.ts';
import { afterReveals } from '#app/lib/reveal-hold.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { useT } from '#app/lib/use-t.ts';

export type { AlertKind };

type Push = (kind: AlertKind, text: string, title?: string) => void;
const AlertContext = createContext<Push | null>(null);

/**
 * The alert stack of spec §9: each alert shows for 3 s; past 10 the oldest gives way. An alert
 * raised while an animation holds reveals (a case's roulette, the upgrade wheel) waits for it to
 * end, so news the outcome caused (a task it completed) never tells it early. The stack sits under
 * the header's real bottom, so it never covers the balance, even with a strip above the header.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);
  const stack = useRef<HTMLDivElement>(null);
  const push = useCallback<Push>((kind, text, title) => {
    afterReveals(() => {
      const id = nextId.current++;
      setAlerts((list) => addAlert(list, { id, kind, text, title }));
    });
  }, []);
  const shown = alerts.length > 0;
  useLayoutEffect(() => {
    const el = stack.current;
    if (!shown || !el) return;
    const bottom = document.querySelector('.header')?.getBoundingClientRect().bottom;
    el.style.top = bottom && bottom > 0 ? `${Math.round(bottom) + 10}px` : '';
  }, [shown]);
  return (
    <AlertContext.Provider value={push}>
      {children}
      <div className="alerts" role="status" aria-live="polite" ref={stack}>
        {alerts.map((a) => (
          <AlertToast key={a.id} alert={a} onDone={() => setAlerts((list) => closeAlert(list, a.id))} />
        ))}
      </div>
    </AlertContext.Provider>
  );
}

function AlertToast({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const done = useLatest(onDone);
  useEffect(() => {
    const timer = setTimeout(() => done.current(), ALERT_SHOW_MS);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <div className={`alert alert--${alert.kind}`} data-testid="alert" data-kind={alert.kind} onClick={onDone}>
      {alert.title ? (
        <>
          <strong className="alert__title">{alert.title}</strong> <span>{alert.text}</span>
        </>
      ) : (
        alert.text
      )}
    </div>
  );
}

export function useAlert() {
  const push = useContext(AlertContext);
  const t = useT();
  if (!push) throw new Error('useAlert outside AlertProvider');
  return useMemo(
    () => ({
      success: (text: string, title?: string) => push('success', text, title),
      error: (text: string, title?: string) => push('error', text, title),
      info: (text: string, title?: string) => push('info', text, title),
      /** One of the alert or status codes of spec §8, with its own text and kind. */
      code: (code: AlertCode, params?: Record<string, unknown>, title?: string) =>
        push(ALERT_CODES[code].kind, t(ALERT_CODES[code].key, params), title),
      /** A failed call, as `failureAlert` says to show it. */
      failure: (e: Error) => {
        const shown = failureAlert(e);
        if ('code' in shown) push(ALERT_CODES[shown.code].kind, t(ALERT_CODES[shown.code].key));
        else push('error', shown.text, shown.titleCode && t(ALERT_CODES[shown.titleCode].key));
      },
    }),
    [push, t],
  );
}
