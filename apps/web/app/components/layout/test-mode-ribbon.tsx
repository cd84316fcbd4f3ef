import { SANDBOX_NAMES, type SandboxName } from '@store/shared/sandboxes';
import { useT } from '#app/lib/use-t.ts';

/**
 * A thin strip above the header while any outside service runs on its sandbox, so nobody
 * mistakes the store for one that takes real money. It scrolls away with the page and never
 * covers the header.
 */
export function TestModeRibbon({ sandboxes }: { sandboxes: SandboxName[] }) {
  const t = useT();
  if (!sandboxes.length) return null;
  // The daily-case messages and the browser pushes are both "notifications" to a player: named once.
  const what = [...new Set(SANDBOX_NAMES.filter((name) => sandboxes.includes(name)).map((name) => t(`testMode.${name}`)))].join(', ');
  return (
    <div className="test-mode" role="note" data-testid="test-mode">
      {t('testMode.text', { what })}
    </div>
  );
}
