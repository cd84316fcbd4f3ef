import { useMutation } from '@tanstack/react-query';
import type { TelegramLinkStart } from '@store/shared/api/notifications';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

/** POST /api/v1/notifications/telegram/link: a one-time deep link to the store's bot. */
export function useLinkTelegram() {
  const call = useApi();
  return useMutation({ mutationFn: () => call<Camel<TelegramLinkStart>>('/api/v1/notifications/telegram/link', { body: {} }) });
}
