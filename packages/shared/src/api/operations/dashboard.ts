import { Audiences, defineOperations } from '../contract.ts';
import { dashboardResponseSchema } from '../schemas/dashboard.ts';

/** The race-day dashboard, the back office's home page (decision 038): admins only. */
export const DashboardOperations = defineOperations({
  dashboard: {
    method: 'GET',
    path: '/api/backoffice/dashboard',
    audience: Audiences.admins,
    summary:
      'Race day at a glance: races in play with turnover per pool and bettors, carryovers, pending payments, players online and alerts (admins)',
    response: dashboardResponseSchema,
  },
});

/** The paths of DashboardOperations, for callers. Built from the operations, so each path is written once. */
export const DashboardRoutes = {
  dashboard: DashboardOperations.dashboard.path,
} as const;
