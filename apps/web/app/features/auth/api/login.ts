import { useMutation } from '@tanstack/react-query';
import { apiCall } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';

/** POST /api/v1/auth/login with login and password. */
export function useLogin() {
  const lang = useLang();
  return useMutation({
    mutationFn: (body: { login: string; password: string }) =>
      apiCall<{ access_token: string; user_id: number }>('/api/v1/auth/login', { body, lang }),
  });
}
