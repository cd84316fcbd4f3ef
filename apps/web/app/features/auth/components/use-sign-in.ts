import { useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { saveToken } from '../../../lib/session.ts';

/** Keeps a new token and reloads everything that depends on who is signed in. */
export function useSignIn() {
  const client = useQueryClient();
  const revalidator = useRevalidator();
  return async (token: string) => {
    saveToken(token);
    await client.invalidateQueries();
    await revalidator.revalidate();
  };
}
