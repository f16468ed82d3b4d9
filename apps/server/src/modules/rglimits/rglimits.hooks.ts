import type { HookSubscriptions } from '../../lib/tx-hooks.ts';
import type { BetHooks } from '../betting/index.ts';
import type { PaymentHooks } from '../payments/index.ts';
import { assertBetAllowed, assertDepositAllowed } from './rglimits.service.ts';

/** Responsible gaming (decision 034): no deposit or bet during a break, none over the player's limits. */
export function subscribeRgLimits(hooks: HookSubscriptions<PaymentHooks & BetHooks>): void {
  hooks.on('payment.requesting', 'rglimits.deposit-limits', async (trx, { playerId, kind, amount }) => {
    if (kind === 'DEPOSIT') await assertDepositAllowed(trx, playerId, amount);
  });
  hooks.on('bet.placing', 'rglimits.bet-limits', (trx, { playerId, total }) => assertBetAllowed(trx, playerId, total));
}
