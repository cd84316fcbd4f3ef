import { useMutation } from '@tanstack/react-query';
import { useApi } from '#app/lib/use-api.ts';

/** POST /api/v1/users/send-email: saves the address and mails a confirmation link. */
export function useSendEmail() {
  const call = useApi();
  return useMutation({ mutationFn: (email: string) => call<{ email: string; sent: true }>('/api/v1/users/send-email', { body: { email } }) });
}
