import { ResponsibleGamingOperations, type RgBreakPeriod, type RgLimitKind } from '@karera/shared';
import { callOperation } from '../../lib/callOperation.ts';
import { rgStatusKey } from '../../lib/rgStatus.ts';

export { rgStatusKey, rgStatusQuery } from '../../lib/rgStatus.ts';

/** The reality check's figures (RealityCheck.tsx); a new interval drops them. */
export const sinceSignInKey = [...rgStatusKey, 'since-sign-in'] as const;

export const setRgLimit = (kind: RgLimitKind, amount: number | null) =>
  callOperation(ResponsibleGamingOperations.setLimit, { body: { kind, amount } });

export const startRgBreak = (period: RgBreakPeriod) =>
  callOperation(ResponsibleGamingOperations.startBreak, { body: { period, confirm: true } });

export const cancelRgBreak = () => callOperation(ResponsibleGamingOperations.cancelBreak, { body: {} });

export const setRealityCheck = (minutes: number) =>
  callOperation(ResponsibleGamingOperations.setRealityCheck, { body: { minutes } });
