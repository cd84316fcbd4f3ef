import { useState } from 'react';
import { useT } from '#app/lib/use-t.ts';

/** A block of code with a copy button; it scrolls sideways inside itself, never the page. */
export function CodeSnippet({ code, testId }: { code: string; testId?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="pf-code">
      <button type="button" className="btn btn--secondary btn--s pf-code__copy" onClick={copy}>
        {copied ? t('auth.copied') : t('auth.copy')}
      </button>
      <pre data-testid={testId}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
