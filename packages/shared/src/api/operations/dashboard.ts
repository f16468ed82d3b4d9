import { Audiences, defineOperations } from '../contract.ts';
import { dashboardResponseSchema } from '../schemas/dashboard.ts';

export const DashboardRoutes = {
  dashboard: '/api/backoffice/dashboard',
} as const;

/** The race-day dashboard, the back office's home page (decision 038): admins only. */
export const DashboardOperations = defineOperations({
  dashboard: {
    method: 'GET',
    path: DashboardRoutes.dashboard,
    audience: Audiences.admins,
    summary:
      'Race day at a glance: races in play with turnover per pool and bettors, carryovers, pending payments, players online and alerts (admins)',
    response: dashboardResponseSchema,
  },
});
