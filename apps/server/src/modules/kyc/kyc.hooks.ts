import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import type { PaymentHooks } from '../payments/index.ts';
import { requireKycForPayment, type KycGateSettings } from './kyc.service.ts';

/** Identity verification's gate on payments (decision 033), when the gates are on. */
export function subscribeKycGate(hooks: HookSubscriptions<PaymentHooks>, settings: KycGateSettings): void {
  hooks.on('payment.requesting', 'kyc.gate', (trx, { playerId, kind, amount }) =>
    requireKycForPayment(trx, playerId, kind === 'DEPOSIT' ? { kind, amount } : { kind }, settings),
  );
}
