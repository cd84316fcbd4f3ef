import type { Dashboard } from '@store/shared/api/inventory';
import type { ApiCaller, Camel } from '#app/lib/api.ts';

export type DashboardData = Camel<Dashboard>;

/** GET /api/v1/users/{id}/dashboard (spec §3 Dashboard counts): battles, items held and sent, upgrades. */
export const getDashboard = (call: ApiCaller, userId: number) => call<Dashboard>(`/api/v1/users/${userId}/dashboard`);
