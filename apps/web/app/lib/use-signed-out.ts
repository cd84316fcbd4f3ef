import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRevalidator } from 'react-router';
import { useLocalePath } from './use-lang.ts';

/**
 * After the server ended the session (and dropped the cookie): forgets everything cached about
 * the player and shows the main page as a guest.
 */
export function useSignedOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const to = useLocalePath();
  return async () => {
    client.clear();
    await navigate(to('/'), { replace: true });
    // The root loader does not run again on a plain navigation; it must learn there is no player.
    await revalidator.revalidate();
  };
}
