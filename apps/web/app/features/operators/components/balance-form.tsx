import { useState, type FormEvent } from 'react';
import { WALLET_CURRENCIES, type WalletCurrency } from '@store/shared/constants';
import { formatAmount } from '@store/shared/money';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { useAlert } from '#app/components/alerts.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useAdjustBalance } from '../api/adjust-balance.ts';
import type { PlayerData } from '../api/get-player.ts';
import { balanceAfter, checkAdjustment, type AdjustmentCheck } from '../utils/adjustment.ts';
import { useT } from '#app/lib/use-t.ts';

type Ready = Extract<AdjustmentCheck, { ok: true }> & { currency: WalletCurrency; key: string };

/**
 * Credits or debits a wallet with a reason: the operator reviews the sum and the balance it
 * leaves, then confirms. The reviewed form gets one Idempotency-Key, kept while it is sent again.
 */
export function BalanceForm({ player }: { player: PlayerData }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const adjust = useAdjustBalance(player.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [currency, setCurrency] = useState<WalletCurrency>('GOLD');
  const [problem, setProblem] = useState<Extract<AdjustmentCheck, { ok: false }> | null>(null);
  const [ready, setReady] = useState<Ready | null>(null);
  const balance = player.wallets.find((w) => w.currency === currency)?.balance ?? 0;
  const money = (v: number) => formatAmount(v, { locale: lang });

  const review = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkAdjustment(amount, reason);
    if (!checked.ok) return setProblem(checked);
    setProblem(null);
    adjust.reset();
    setReady({ ...checked, currency, key: crypto.randomUUID() });
  };
  const confirm = (r: Ready) =>
    adjust.mutate(
      { body: { amount: r.amount, reason: r.reason, currency: r.currency }, key: r.key },
      {
        onSuccess: (result) => {
          setReady(null);
          setAmount('');
          setReason('');
          alert.success(t('admin.adjust.done', { balance: money(result.balance) }));
        },
        onError: (e) => alert.error(e instanceof ApiError ? e.message : t('error.title')),
      },
    );

  return (
    <section className="console-card" data-testid="balance-form" aria-label={t('admin.adjust.title')}>
      <h2>{t('admin.adjust.title')}</h2>
      <form className="console-form" onSubmit={review} noValidate>
        <div className="console-form__row">
          <label className="field">
            <span className="field__label">{t('admin.adjust.amount')}</span>
            <input
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              inputMode="decimal"
              placeholder="-100.50"
              aria-invalid={problem?.field === 'amount'}
              data-testid="adjust-amount"
            />
          </label>
          <label className="field">
            <span className="field__label">{t('admin.adjust.wallet')}</span>
            <select className="console-select" value={currency} onChange={(e) => setCurrency(e.target.value as WalletCurrency)} data-testid="adjust-wallet">
              {WALLET_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {t(`admin.player.currencies.${c}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="field">
          <span className="field__label">{t('admin.adjust.reason')}</span>
          <textarea
            className="console-textarea"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={ADJUSTMENT_REASON.max}
            rows={2}
            aria-invalid={problem?.field === 'reason'}
            data-testid="adjust-reason"
          />
          <span className="muted console-hint">{t('admin.adjust.reasonHint')}</span>
        </label>
        {problem && (
          <p className="form-error" role="alert" data-testid="adjust-problem">
            {t(`admin.adjust.problems.${problem.problem}`)}
          </p>
        )}
        <button type="submit" className="btn btn--accent btn--m console-form__submit" data-testid="adjust-review">
          {t('admin.adjust.review')}
        </button>
      </form>
      {ready && (
        <Dialog title={t('admin.adjust.confirmTitle')} onClose={() => !adjust.isPending && setReady(null)} testId="adjust-confirm">
          <div className="stack">
            <p className="console-sum" data-testid="adjust-sum">
              <span className={ready.amount < 0 ? 'loss' : 'win'}>
                {t(ready.amount < 0 ? 'admin.adjust.debit' : 'admin.adjust.credit')} {money(Math.abs(ready.amount))}
              </span>
            </p>
            <p>
              {t('admin.adjust.confirmText', {
                amount: `${ready.amount > 0 ? '+' : ''}${money(ready.amount)} ${t(`admin.player.currencies.${ready.currency}`)}`,
                player: player.login,
                after: money(balanceAfter(player.wallets.find((w) => w.currency === ready.currency)?.balance ?? balance, ready.amount)),
              })}
            </p>
            <p className="muted">«{ready.reason}»</p>
            {adjust.error && (
              <p className="form-error" role="alert" data-testid="adjust-error">
                {adjust.error.message}
              </p>
            )}
            <div className="console-actions">
              <button type="button" className="btn btn--secondary btn--m" disabled={adjust.isPending} onClick={() => setReady(null)} data-testid="adjust-edit">
                {t('admin.adjust.edit')}
              </button>
              <button type="button" className="btn btn--accent btn--m" disabled={adjust.isPending} onClick={() => confirm(ready)} data-testid="adjust-confirm-button">
                {t('admin.adjust.confirm')}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </section>
  );
}
