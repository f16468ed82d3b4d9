/*
 * The one place the transaction hooks are wired (docs/decisions/050-transaction-hooks.md): which module
 * subscribes to which hook, in which order. The app builds them once (app.ts) and hands them to the
 * publishers with the deps they already receive; a script or test that settles or pays without the app
 * builds the same with createDomainHooks.
 */
import { createTxHooks, type SubscriberOrder, type TxHooks } from './lib/tx-hooks.ts';
import { subscribeCommissionAccrual } from './modules/agents/index.ts';
import { subscribeAmlFlags } from './modules/aml/index.ts';
import { subscribeBakasSettlement } from './modules/bakas/index.ts';
import type { BetHooks } from './modules/betting/index.ts';
import { subscribeFormResults } from './modules/form/index.ts';
import { subscribeKycGate, type KycGateSettings, type KycHooks } from './modules/kyc/index.ts';
import { subscribeNotifications } from './modules/notifications/index.ts';
import type { PaymentHooks } from './modules/payments/index.ts';
import { subscribeRebates } from './modules/promos/index.ts';
import { subscribeRgLimits } from './modules/rglimits/index.ts';
import type { SettlementHooks } from './modules/tote/index.ts';

export type DomainHookSpecs = SettlementHooks & PaymentHooks & BetHooks & KycHooks;
export type DomainHooks = TxHooks<DomainHookSpecs>;

/** Each hook's subscribers in the order they run. */
export const DOMAIN_HOOK_ORDER: SubscriberOrder<DomainHookSpecs> = {
  // A race's runners' official results, written with the result (decision 053); then multi-race leg notices (055).
  'result.recorded': ['form.results', 'notifications.legs'],
  // Notices last: they read what the others moved (decision 055).
  // A group's ticket passes its settlement on to its members first (decision 056).
  'tickets.settled': ['bakas.split', 'promos.rebates', 'notifications.tickets'],
  'tickets.lost': ['bakas.split', 'promos.rebates', 'notifications.tickets'],
  'pool.paid': ['agents.commissions'],
  // The player's own limits first (their message names the limit), then identity verification.
  'payment.requesting': ['rglimits.deposit-limits', 'kyc.gate'],
  'payment.requested': ['aml.flags', 'notifications.limits'],
  'payment.decided': ['aml.flags', 'notifications.payments'],
  'kyc.decided': ['notifications.kyc'],
  'bet.placing': ['rglimits.bet-limits'],
  'bets.placed': ['notifications.limits'],
};

/** What subscribers need from the configuration. */
export interface DomainHookSettings {
  kyc: KycGateSettings;
}

/**
 * The hooks with every module's subscribers. `order` is the declared order; a test may add a subscriber of
 * its own to it (and subscribe it on the result).
 */
export function createDomainHooks(
  settings: DomainHookSettings,
  order: SubscriberOrder<DomainHookSpecs> = DOMAIN_HOOK_ORDER,
): DomainHooks {
  const hooks = createTxHooks<DomainHookSpecs>(order);
  subscribeBakasSettlement(hooks);
  subscribeRebates(hooks);
  subscribeCommissionAccrual(hooks);
  subscribeRgLimits(hooks);
  subscribeKycGate(hooks, settings.kyc);
  subscribeAmlFlags(hooks);
  subscribeFormResults(hooks);
  subscribeNotifications(hooks);
  return hooks;
}
