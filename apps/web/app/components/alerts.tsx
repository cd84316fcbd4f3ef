import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ALERT_STACK_LIMIT, ALERT_TTL_MS } from '@store/shared/constants';
import { useLatest } from '#app/lib/use-latest.ts';

export type AlertKind = 'success' | 'error' | 'info';
interface Alert {
  id: number;
  kind: AlertKind;
  text: string;
}

const AlertContext = createContext<((kind: AlertKind, text: string) => void) | null>(null);

/** The alert stack of spec §9: each alert shows for 3 s; past 10 the oldest gives way. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);
  const push = useCallback((kind: AlertKind, text: string) => {
    const id = nextId.current++;
    setAlerts((list) => [...list, { id, kind, text }].slice(-ALERT_STACK_LIMIT));
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
      {alert.text}
    </div>
  );
}

export function useAlert() {
  const push = useContext(AlertContext);
  if (!push) throw new Error('useAlert outside AlertProvider');
  return useMemo(
    () => ({
      success: (text: string) => push('success', text),
      error: (text: string) => push('error', text),
      info: (text: string) => push('info', text),
    }),
    [push],
  );
}
