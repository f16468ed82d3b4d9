import {
  ResponsibleGamingRoutes,
  type ResponseOf,
  type ResponsibleGamingOperations,
  type RgBreakPeriod,
  type RgLimitKind,
} from '@karera/shared';
import { apiRequest } from '../../lib/api.ts';
import { rgStatusKey } from '../../lib/rgStatus.ts';

export { rgStatusKey, rgStatusQuery } from '../../lib/rgStatus.ts';

type Answer<K extends keyof typeof ResponsibleGamingOperations> = ResponseOf<(typeof ResponsibleGamingOperations)[K]>;

/** The reality check's figures (RealityCheck.tsx); a new interval drops them. */
export const sinceSignInKey = [...rgStatusKey, 'since-sign-in'] as const;

export const setRgLimit = (kind: RgLimitKind, amount: number | null) =>
  apiRequest<Answer<'setLimit'>>(ResponsibleGamingRoutes.setLimit, { body: { kind, amount } });

export const startRgBreak = (period: RgBreakPeriod) =>
  apiRequest<Answer<'startBreak'>>(ResponsibleGamingRoutes.startBreak, { body: { period, confirm: true } });

export const cancelRgBreak = () => apiRequest<Answer<'cancelBreak'>>(ResponsibleGamingRoutes.cancelBreak, { body: {} });

export const setRealityCheck = (minutes: number) =>
  apiRequest<Answer<'setRealityCheck'>>(ResponsibleGamingRoutes.setRealityCheck, { body: { minutes } });
