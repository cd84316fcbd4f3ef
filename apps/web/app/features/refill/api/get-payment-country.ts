import type { z } from 'zod';
import type { bonusLevelsResponse, CountryConfigWire } from '@store/shared/api/payments';

type BonusLevelsResponse = z.infer<typeof bonusLevelsResponse>;
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type CountryData = Camel<CountryConfigWire>;
export type MethodData = CountryData['methods'][number];
export type BonusLevelData = Camel<BonusLevelsResponse>[number];

/** GET /api/v1/payments/countries/default: the table for the player's country (headers, then language). */
export const getPaymentCountry = (call: ApiCaller) => call<CountryConfigWire>('/api/v1/payments/countries/default');

/** GET /api/v1/payments/bonus/levels: deposits from each limit get its bonus. */
export const getBonusLevels = (call: ApiCaller) => call<BonusLevelsResponse>('/api/v1/payments/bonus/levels');
