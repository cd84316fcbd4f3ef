import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelegramLinkState } from '@store/shared/api/notifications';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import { telegramLinkKey } from './get-telegram-link.ts';

/** POST /api/v1/notifications/telegram/unlink: the bot writes to the player no more. */
export function useUnlinkTelegram() {
  const call = useApi();
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call<Camel<TelegramLinkState>>('/api/v1/notifications/telegram/unlink', { body: {} }),
    onSuccess: (state) => client.setQueryData([...telegramLinkKey, me?.userId ?? 0], state),
  });
}
