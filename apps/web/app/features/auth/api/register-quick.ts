import { useMutation } from '@tanstack/react-query';
import type { QuickRegistrationResponse } from '@store/shared/api/auth';
import { apiCall } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';

/** POST /api/v1/auth/registration/quick: a generated login and a password shown once. */
export function useQuickRegistration() {
  const lang = useLang();
  return useMutation({
    mutationFn: () => apiCall<QuickRegistrationResponse>('/api/v1/auth/registration/quick', { body: { language: lang }, lang }),
  });
}
