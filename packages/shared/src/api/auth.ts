import { z } from 'zod';

export const quickRegistrationBody = z.object({ language: z.enum(['ru', 'en']).optional() }).strict().optional();
export const quickRegistrationResponse = z.object({
  login: z.string(),
  password: z.string(),
  access_token: z.string(),
  user_id: z.number(),
});
export type QuickRegistrationResponse = z.infer<typeof quickRegistrationResponse>;

export const loginBody = z.union([
  z.object({ login: z.string().trim().min(1).max(64), password: z.string().min(1).max(256) }).strict(),
  z.object({ token: z.string().min(16).max(256) }).strict(),
]);
export type LoginBody = z.infer<typeof loginBody>;
export const loginResponse = z.object({ access_token: z.string(), user_id: z.number() });

export const revokeResponse = z.object({ revoked: z.boolean() });

/** POST /api/v1/auth/revoke/all: "sign out everywhere" ends every session of the player. */
export const revokeAllResponse = z.object({ revoked: z.number().int().nonnegative() });
export type RevokeAllResponse = z.infer<typeof revokeAllResponse>;
