import { formatAmount } from '@store/shared/money';
import type { AmountError as AmountErrorCode } from '@store/shared/payments/bonus';
import { useLang } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Why the typed amount cannot be paid. The limits are amounts of the country's currency and read
 * like the quick sums beside them: "10 000" on a Russian page, "10,000" on an English one (decision 049).
 */
export function AmountError({ error, min, max, currency }: { error: AmountErrorCode; min: number; max: number; currency: string }) {
  const t = useT();
  const lang = useLang();
  const amount = (value: number) => formatAmount(value, { currency, locale: lang });
  return (
    <span className="form-error" data-testid="amount-error">
      {t(`refill.errors.${error}`, { min: amount(min), max: amount(max) })}
    </span>
  );
}
