import { Link } from 'react-router';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { MeData } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** The balance popup (`?shut_up_and_take_my_money=true`): the wallet and the way to top it up. */
export function BalanceDialog({ me, onClose }: { me: MeData; onClose: () => void }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Dialog title={t('offers.balanceTitle')} onClose={onClose} testId="balance-dialog">
      <div className="stack">
        <div className="refill-summary">
          <div className="refill-summary__row">
            <span className="muted">{t('offers.balance')}</span>
            <b>
              <Money value={me.finance.balance} />
            </b>
          </div>
        </div>
        <Link to={to('/refill')} className="btn btn--accent btn--l" onClick={onClose}>
          {t('header.topUp')}
        </Link>
      </div>
    </Dialog>
  );
}
