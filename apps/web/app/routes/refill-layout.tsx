import { Outlet } from 'react-router';
import type { LayoutHandle } from '#app/components/layout/layout-handle.ts';
import '#app/features/refill/refill.css';
import { useT } from '#app/lib/use-t.ts';

/** The default layout drops the live drops for it: a payment is not the place for distractions. */
export const handle: LayoutHandle = { layout: 'refill', focused: true };

/** The refill layout (spec §2): the payment pages with the header and footer and nothing else around them. */
export default function RefillLayout() {
  const t = useT();
  return (
    <div className="refill-layout" data-testid="refill-layout">
      <Outlet />
      <p className="refill-layout__note muted">{t('shell.refill.secure')}</p>
    </div>
  );
}
