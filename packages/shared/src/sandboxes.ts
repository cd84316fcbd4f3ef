/**
 * The outside services that have a sandbox adapter. Apart from the API schemas so that the
 * web's every-page test-mode ribbon does not pull zod into the first load.
 */
export const SANDBOX_NAMES = ['payments', 'vendor', 'prices', 'signin', 'notifications', 'push', 'analytics'] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];
