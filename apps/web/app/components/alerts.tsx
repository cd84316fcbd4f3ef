import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ALERT_STACK_LIMIT, ALERT_TTL_MS } from '@store/shared/constants';
import { useLatest } from '#app/lib/use-latest.ts';

export type AlertKind = 'success' | 'error' | 'info';
interface Alert {
  id: number;
  kind: AlertKind;
  text: string;
  /** Spec §3 Alert: a title above the message, when the notice has one. */
  title?: string;
}

type Push = (kind: AlertKind, text: string, title?: string) => void;
const AlertContext = createContext<Push | null>(null);

/** The alert stack of spec §9: each alert shows for 3 s; past 10 the oldest gives way. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);
  const push = useCallback<Push>((kind, text, title) => {
    const id = nextId.current++;
    setAlerts((list) => [...list, { id, kind, text, title }].slice(-ALERT_STACK_LIMIT));
  }, []);
  return (
    <AlertContext.Provider value={push}>
      {children}
      <div className="alerts" role="status" aria-live="polite">
        {alerts.map((a) => (
          <AlertToast key={a.id} alert={a} onDone={() => setAlerts((list) => list.filter((x) => x.id !== a.id))} />
        ))}
      </div>
    </AlertContext.Provider>
  );
}

function AlertToast({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const done = useLatest(onDone);
  useEffect(() => {
    const timer = setTimeout(() => done.current(), ALERT_TTL_MS);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <div className={`alert alert--${alert.kind}`} data-testid="alert" onClick={onDone}>
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
  if (!push) throw new Error('useAlert outside AlertProvider');
  return useMemo(
    () => ({
      success: (text: string, title?: string) => push('success', text, title),
      error: (text: string, title?: string) => push('error', text, title),
      info: (text: string, title?: string) => push('info', text, title),
    }),
    [push],
  );
}
