import type { FastifyRequest } from 'fastify';
import {
  COUNTRY_HEADER_NAMES,
  countryForParam,
  methodsForWelcomeRedirect,
  type CountryPaymentConfig,
  type CountryRequest,
  type CountryTables,
} from '@store/shared/payments/countries';
import type { PaymentRouting } from './provider.ts';

/**
 * The country tables as served: methods filtered by the welcome-redirect setting (spec §5,
 * WELCOME_REDIRECT) and, given the routing, to those a configured provider takes (decision 070).
 */
export function offeredConfig(config: CountryPaymentConfig, welcomeRedirect: boolean, routing?: PaymentRouting): CountryPaymentConfig {
  const methods = methodsForWelcomeRedirect(config.methods, welcomeRedirect);
  return { ...config, methods: routing ? methods.filter((m) => routing.providerFor({ currency: config.currency.code, payMethod: m.payMethod })) : methods };
}

/** Every table of the settings in force (decision 076), as served. */
export const offeredConfigs = (configs: CountryTables, welcomeRedirect: boolean, routing?: PaymentRouting): CountryPaymentConfig[] =>
  Object.values(configs).map((c) => offeredConfig(c, welcomeRedirect, routing));

/**
 * What the default-country lookup reads from a request: the CDN country headers in trust order,
 * and the languages, Accept-Language first (it carries a region, `pt-BR`) then X-Client-Language.
 */
export function countryRequestOf(req: FastifyRequest): CountryRequest {
  const header = (name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' ? v : v?.[0];
  };
  const language = [header('accept-language'), header('x-client-language')].filter(Boolean).join(',');
  return { countryHeader: COUNTRY_HEADER_NAMES.map(header), language };
}

/** The offered table for a country argument (`default` = the lookup), or null for a bad argument. */
export function resolveCountry(configs: CountryTables, param: string, req: FastifyRequest, welcomeRedirect: boolean, routing?: PaymentRouting): CountryPaymentConfig | null {
  const config = countryForParam(param, countryRequestOf(req), configs);
  return config ? offeredConfig(config, welcomeRedirect, routing) : null;
}
