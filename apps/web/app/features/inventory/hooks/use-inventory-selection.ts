import { useState } from 'react';
import { MAX_SELL_OR_WITHDRAW_ITEMS } from '@store/shared/constants';
import { useAlert } from '#app/components/alerts.tsx';
import type { InventoryItemData } from '../api/get-inventory.ts';
import { selectAll, toggleItem } from '../utils/selection-rule.ts';
import { useT } from '#app/lib/use-t.ts';

/** The owner's selection of up to 10 items to sell or withdraw, under the rule of spec §4. */
export function useInventorySelection() {
  const t = useT();
  const alert = useAlert();
  const [selected, setSelected] = useState<Map<number, InventoryItemData>>(new Map());
  const toggle = (item: InventoryItemData) => {
    const next = toggleItem(selected, item, MAX_SELL_OR_WITHDRAW_ITEMS);
    if (next === 'full') alert.info(t('inventory.maxSelected', { n: MAX_SELL_OR_WITHDRAW_ITEMS }));
    else if (next !== 'same') setSelected(next);
  };
  const items = [...selected.values()];
  return {
    selected,
    items,
    ids: [...selected.keys()],
    total: Math.round(items.reduce((s, i) => s + i.price, 0) * 100) / 100,
    toggle,
    selectAll: (shown: readonly InventoryItemData[]) => setSelected(selectAll(shown, selected, MAX_SELL_OR_WITHDRAW_ITEMS)),
    clear: () => setSelected(new Map()),
  };
}
