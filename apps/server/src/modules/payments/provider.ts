import type { PaymentProvider } from '@store/shared/payments/signature';
import type { Env, PaymentProviderName } from '../../config/env.ts';
import { CryptomusPaymentProvider } from './cryptomus/cryptomus-provider.ts';
import { CRYPTOMUS_PUBLISHED_IPS } from './cryptomus/protocol.ts';
import { FreeKassaPaymentProvider } from './freekassa/freekassa-provider.ts';
import { FREEKASSA_PUBLISHED_IPS } from './freekassa/protocol.ts';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider.ts';

/**
 * The payment provider port (DESIGN: ports with sandbox adapters). The payment service only
 * knows `PaymentProvider`; `PAYMENT_PROVIDER` lists the adapters and `PAYMENT_METHODS_<NAME>`
 * which methods each takes (decision 070).
 */
export function createPaymentProvider(env: Env, name: PaymentProviderName): PaymentProvider {
  switch (name) {
    case 'sandbox':
      // prepareDeployment completes the secret at start; a store built without it is a bug.
      if (!env.PAYMENT_SANDBOX_SECRET) throw new Error('PAYMENT_SANDBOX_SECRET is not set');
      return new SandboxPaymentProvider({ secret: env.PAYMENT_SANDBOX_SECRET });
    case 'freekassa': {
      // prepareDeployment refuses to start without them; a store built without them is a bug.
      const { FREEKASSA_MERCHANT_ID: merchantId, FREEKASSA_SECRET_1: secret1, FREEKASSA_SECRET_2: secret2 } = env;
      if (!merchantId || !secret1 || !secret2) throw new Error('FREEKASSA_MERCHANT_ID, FREEKASSA_SECRET_1 and FREEKASSA_SECRET_2 must be set');
      return new FreeKassaPaymentProvider({
        merchantId,
        secret1,
        secret2,
        formUrl: env.FREEKASSA_FORM_URL,
        allowedIps: env.FREEKASSA_CHECK_IP === 'on' ? (env.FREEKASSA_IPS ?? FREEKASSA_PUBLISHED_IPS) : null,
        methodIds: Object.fromEntries((env.FREEKASSA_METHOD_IDS ?? []).map((pair) => pair.split(':') as [string, string])),
        apiKey: env.FREEKASSA_API_KEY ?? null,
        apiUrl: env.FREEKASSA_API_URL,
      });
    }
    case 'cryptomus': {
      // prepareDeployment refuses to start without them; a store built without them is a bug.
      const { CRYPTOMUS_MERCHANT_ID: merchantId, CRYPTOMUS_API_KEY: apiKey } = env;
      if (!merchantId || !apiKey) throw new Error('CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_API_KEY must be set');
      return new CryptomusPaymentProvider({
        merchantId,
        apiKey,
        apiUrl: env.CRYPTOMUS_API_URL,
        allowedIps: env.CRYPTOMUS_CHECK_IP === 'on' ? (env.CRYPTOMUS_IPS ?? CRYPTOMUS_PUBLISHED_IPS) : null,
      });
    }
  }
}

/** Which provider takes a method: the configured providers and the rule between them. */
export interface PaymentRouting {
  readonly providers: readonly PaymentProvider[];
  /** The provider that charges this method in this currency, or null when none is configured for it (the method is not offered). */
  providerFor(method: { currency: string; payMethod: string }): PaymentProvider | null;
}

/**
 * The rule (decision 070): in PAYMENT_PROVIDER's order, the first provider that takes the method
 * and can charge its currency. A provider with a PAYMENT_METHODS_<NAME> list takes the methods
 * listed; one without takes every method. So `sandbox` alone keeps every method on the sandbox.
 */
export function paymentRouting(providers: readonly { provider: PaymentProvider; methods?: readonly string[] }[]): PaymentRouting {
  return {
    providers: providers.map((p) => p.provider),
    providerFor({ currency, payMethod }) {
      const hit = providers.find(
        ({ provider, methods }) => (!methods || methods.includes(payMethod)) && (!provider.currencies || provider.currencies.includes(currency)),
      );
      return hit?.provider ?? null;
    },
  };
}

export const createPaymentRouting = (env: Env): PaymentRouting =>
  paymentRouting(
    env.PAYMENT_PROVIDER.map((name) => ({
      provider: createPaymentProvider(env, name),
      methods: { sandbox: env.PAYMENT_METHODS_SANDBOX, freekassa: env.PAYMENT_METHODS_FREEKASSA, cryptomus: env.PAYMENT_METHODS_CRYPTOMUS }[name],
    })),
  );
