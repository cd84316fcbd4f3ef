import { useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { meKey, type MeData } from '#app/lib/use-me.ts';

/**
 * After the server signed the player in (it set the session cookie with its answer): reloads
 * everything that depends on who is signed in, so the page learns it from the server. Answers
 * the player the server now signs in, for the welcome notice.
 */
export function useSignIn() {
  const client = useQueryClient();
  const revalidator = useRevalidator();
  return async (): Promise<MeData | null> => {
    await client.invalidateQueries();
    await revalidator.revalidate();
    return client.getQueryData<MeData | null>(meKey) ?? null;
  };
}
