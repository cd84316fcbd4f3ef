import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAlert } from '#app/components/alerts.tsx';
import { anyInventoryKey, type InventoryItemData } from '../api/get-inventory.ts';
import { useOpenPack, type OpenPackData } from '../api/open-pack.ts';
import { useT } from '#app/lib/use-t.ts';

export interface Unpacking {
  pack: InventoryItemData;
  result: OpenPackData | null;
  done: boolean;
}

/**
 * Unpacking a pack: the request, then the animation; the lists are read again only when the
 * animation has ended, and until then the new items stay out of the grid even if a list is read
 * for another reason (`hidden`).
 */
export function useUnpack() {
  const client = useQueryClient();
  const alert = useAlert();
  const t = useT();
  const open = useOpenPack();
  const [unpacking, setUnpacking] = useState<Unpacking | null>(null);
  const start = (pack: InventoryItemData) => {
    setUnpacking({ pack, result: null, done: false });
    open.mutate(pack.id, {
      onSuccess: (result) => setUnpacking({ pack, result, done: false }),
      onError: (e) => {
        setUnpacking(null);
        // Spec §8: an unpack failure is titled as an unpredicted error, above the server's words.
        alert.error(e.message, t('inventory.unpackFailed'));
      },
    });
  };
  const finished = () => {
    setUnpacking((u) => (u ? { ...u, done: true } : u));
    void client.invalidateQueries({ queryKey: anyInventoryKey });
  };
  const hidden = new Set(unpacking && !unpacking.done ? (unpacking.result?.items.map((i) => i.id) ?? []) : []);
  return { unpacking, start, finished, close: () => setUnpacking(null), hidden };
}
