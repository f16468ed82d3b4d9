/** The module's public face: what the rest of the server may use. */
export { livePoolsRoutes } from './live-pools.routes.ts';
export { eventPoolsVersion, startPoolsPublisher } from './live-pools.service.ts';
export { startOddsPublisher } from './odds.service.ts';
export { parseSelections, runnersOfRows, winStakesOf, winTicketTotalsOf } from './pools.ts';
export { type ResultDetails, type SettledTicket, type SettlementHooks } from './settlement-hooks.ts';
export {
  carryoverAccountCode,
  confirmResult,
  resumeSettlements,
  settleCompletedPools,
  type ToteDeps,
} from './settlement.service.ts';
export { policyInForceAt, poolPolicyOf } from './tote-settings.ts';
export { toteRoutes } from './tote.routes.ts';
