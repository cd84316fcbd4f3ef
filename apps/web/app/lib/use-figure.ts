import { useCallback } from 'react';
import { formatNumber } from '@store/shared/money';
import { useLang } from './use-lang.ts';

/**
 * Prints a figure that is not an amount (a chance, a multiplier, seconds) with `digits` decimals
 * and the page language's decimal sign (one sign per page: Russian pages once mixed "0.026 %" with
 * "125,6").
 */
export function useFigure(): (value: number, digits: number) => string {
  const lang = useLang();
  return useCallback((value: number, digits: number) => formatNumber(value, { locale: lang, digits }), [lang]);
}
