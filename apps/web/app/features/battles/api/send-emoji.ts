import { useMutation } from '@tanstack/react-query';
import type { EmojiMessage } from '@store/shared/api/battles';
import { useApi } from '#app/lib/use-api.ts';

// Spelled out rather than imported: the shared module that defines them also pulls in zod.
export const BATTLE_EMOJIS = ['🔥', '😎', '😂', '😭', '😡', '👍', '🙏', '💰'] as const;

/** POST /api/battles/emoji: a seated player's reaction, shown to everyone watching. */
export function useSendEmoji() {
  const call = useApi();
  return useMutation({
    mutationFn: (o: { ulid: string; content: string }) => call<EmojiMessage>('/api/battles/emoji', { body: { battle_ulid: o.ulid, content: o.content } }),
  });
}
