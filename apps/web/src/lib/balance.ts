import { useSyncExternalStore } from 'react';
import { UserRoutes } from '@karera/shared';
import { createBalanceStore, type BalanceSnapshot } from './session/balance.ts';
import { isLoggedIn, sessionStore } from './session/index.ts';
import { userRequest } from './userApi.ts';

export { LOADING_BALANCE, bonusSwitchDecision, type BalanceSnapshot } from './session/balance.ts';

/**
 * The balances the player screens show: the server's (getBalance, or an answer that carried them), never
 * the stored copy. The login state in storage (docs/product/accounts.md#sessions) still follows each answer,
 * but nothing shows it. Player screens only (the landing's bundle goes without it).
 */
export const balanceStore = createBalanceStore(
  () => userRequest(UserRoutes.getBalance, {}),
  ({ credit, bonus }) => sessionStore.save({ creditBalance: credit, bonusBalance: bonus }),
);

// Logout, status 107, or another tab signing out: the figures go with the session.
sessionStore.subscribe(() => {
  if (!isLoggedIn(sessionStore.getSnapshot())) balanceStore.reset();
});

export function useBalance(): BalanceSnapshot {
  return useSyncExternalStore(balanceStore.subscribe, balanceStore.getSnapshot, balanceStore.getSnapshot);
}
