import { useQuery } from '@tanstack/react-query';
import type { TelegramLinkState } from '@store/shared/api/notifications';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export const telegramLinkKey = ['telegram-link'] as const;

/**
 * GET /api/v1/notifications/telegram: whether the store has a bot and the player's chat with it.
 * While the player is away in Telegram pressing Start, `waiting` asks again every few seconds.
 */
export function useTelegramLink({ waiting }: { waiting: boolean }) {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: [...telegramLinkKey, me?.userId ?? 0],
    queryFn: () => call<Camel<TelegramLinkState>>('/api/v1/notifications/telegram'),
    enabled: !!me,
    refetchInterval: (q) => (waiting && !q.state.data?.linked ? 3_000 : false),
  });
}
