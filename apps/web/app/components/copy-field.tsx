import { useState } from 'react';
import { useT } from '#app/lib/use-t.ts';

/** A read-only value with a copy button (the one-time password must be easy to keep). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <span className="copy-field">
        <input readOnly value={value} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn--secondary btn--s" onClick={copy}>
          {copied ? t('auth.copied') : t('auth.copy')}
        </button>
      </span>
    </label>
  );
}
