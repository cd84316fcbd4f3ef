import { useEffect } from 'react';
import { useLatest } from '#app/lib/use-latest.ts';
import { CONTRACT_SIGNING_MS } from '@store/shared/reveal';
import { useT } from '#app/lib/use-t.ts';


/** The signing animation: a contract sheet on which a signature draws itself. */
export function Signing({ onDone }: { onDone: () => void }) {
  const t = useT();
  const done = useLatest(onDone);
  useEffect(() => {
    const timer = setTimeout(() => done.current(), CONTRACT_SIGNING_MS);
    return () => clearTimeout(timer);
  }, [done]);
  return (
    <div className="signing" data-testid="contract-signing">
      <svg viewBox="0 0 200 150" width="200" height="150" aria-hidden="true">
        <rect x="30" y="8" width="140" height="134" rx="8" fill="#f4f1e8" />
        {[28, 42, 56, 70].map((y) => (
          <rect key={y} x="46" y={y} width={y === 70 ? 70 : 108} height="5" rx="2" fill="#c9c3b3" />
        ))}
        <path className="signing__line" d="M48 112 C 60 92, 70 128, 82 106 S 100 96, 108 112 S 130 100, 152 104" fill="none" stroke="#1f4fd1" strokeWidth="3" strokeLinecap="round" />
        <line x1="46" y1="122" x2="154" y2="122" stroke="#9a9482" strokeWidth="1.5" />
      </svg>
      <span className="muted">{t('contract.signing')}</span>
    </div>
  );
}
