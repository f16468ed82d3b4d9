/** The module's public face: what the rest of the server may use. */
export { subscribeRgLimits } from './rglimits.hooks.ts';
export { responsibleGamingRoutes } from './rglimits.routes.ts';
export {
  assertBetAllowed,
  assertDepositAllowed,
  assertMobileNotExcluded,
  assertNotExcluded,
  batchPlayerLimits,
  limitsReached,
  isIdentityExcluded,
  isPlayerExcluded,
  mayReceiveMarketing,
  rgClock,
} from './rglimits.service.ts';
