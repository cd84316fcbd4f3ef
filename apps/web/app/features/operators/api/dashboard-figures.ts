import type { DashboardResponse } from '@store/shared/api/operator-dashboard';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { dashboardQueryOf, type DashboardPeriodChoice } from '../utils/dashboard-period.ts';

export type DashboardData = Camel<DashboardResponse>;
export type DashboardDayData = DashboardData['days'][number];
export type DashboardGameReturn = DashboardData['games'][number];
export type DashboardCaseReturn = DashboardData['cases'][number];

/** GET /api/v1/admin/dashboard: the period's figures per day and in total, and the returns to player (admins only). */
export const getDashboard = (call: ApiCaller, choice: DashboardPeriodChoice, today: string) =>
  call<DashboardResponse>(`/api/v1/admin/dashboard${dashboardQueryOf(choice, today)}`);
