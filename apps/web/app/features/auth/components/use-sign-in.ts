import { useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';

/**
 * After the server signed the player in (it set the session cookie with its answer): reloads
 * everything that depends on who is signed in, so the page learns it from the server.
 */
export function useSignIn() {
  const client = useQueryClient();
  const revalidator = useRevalidator();
  return async () => {
    await client.invalidateQueries();
    await revalidator.revalidate();
  };
}
