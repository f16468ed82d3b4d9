import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import type { PaymentHooks } from '../payments/index.ts';
import { amlOnPaymentDecided, amlOnPaymentRequested } from './aml.rules.ts';

/** Anti-money-laundering flags (decision 035), raised in the transaction of the request or decision. */
export function subscribeAmlFlags(hooks: HookSubscriptions<PaymentHooks>): void {
  hooks.on('payment.requested', 'aml.flags', (trx, { requestId }) => amlOnPaymentRequested(trx, requestId));
  hooks.on('payment.decided', 'aml.flags', (trx, { requestId }) => amlOnPaymentDecided(trx, requestId));
}
