import type { PaymentProvider } from '@store/shared/payments/signature';
import type { Env } from '../../config/env.ts';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider.ts';

/**
 * The payment provider port (DESIGN: ports with sandbox adapters). The payment service only
 * knows `PaymentProvider`; `PAYMENT_PROVIDER` picks the adapter. A real provider's adapter
 * implements the same interface with its own checkout call and signature scheme.
 */
export function createPaymentProvider(env: Env): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case 'sandbox':
      // prepareDeployment completes the secret at start; a store built without it is a bug.
      if (!env.PAYMENT_SANDBOX_SECRET) throw new Error('PAYMENT_SANDBOX_SECRET is not set');
      return new SandboxPaymentProvider({ secret: env.PAYMENT_SANDBOX_SECRET });
  }
}
