import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addAlert, ALERT_SHOW_MS, closeAlert, type Alert, type AlertKind } from '#app/lib/alert-stack.ts';
import { ALERT_CODES, failureAlert, type AlertCode } from '#app/lib/alert-codes.ts';
import { useLatest } from '#app/lib/use-latest.ts';

export type { AlertKind };

type Push = (kind: AlertKind, text: string, title?: string) => void;
const AlertContext = createContext<Push | null>(null);

/** The alert stack of spec §9: each alert shows for 3 s; past 10 the oldest gives way. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);
  const push = useCallback<Push>((kind, text, title) => {
    const id = nextId.current++;
    setAlerts((list) => addAlert(list, { id, kind, text, title }));
  }, []);
  return (
    <AlertContext.Provider value={push}>
      {children}
      <div className="alerts" role="status" aria-live="polite">
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
  const { t } = useTranslation();
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
