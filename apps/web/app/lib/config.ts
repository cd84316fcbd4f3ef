import type { PublicConfig } from '@store/shared/api/platform';
import type { Camel } from './api.ts';

/** The project configuration of spec §1 as the web app holds it. */
export type ConfigData = Camel<PublicConfig>;
