import { useMutation } from '@tanstack/react-query';
import type { Battle } from '@store/shared/api/battles';
import { useApi } from '../../../lib/use-api.ts';

/** POST /api/battles/start: the creator fills the empty seats with bots and the battle begins. */
export function useStartBattle() {
  const call = useApi();
  return useMutation({
    mutationFn: (ulid: string) => call<{ battle: Battle }>('/api/battles/start', { body: { battle_ulid: ulid }, idempotent: true }),
  });
}
