import { useMutation } from '@tanstack/react-query';
import { centavos, UserRoutes } from '@karera/shared';
import { sessionStore } from './session/index.ts';
import { userRequest } from './userApi.ts';

/**
 * getBalance, into the stored login state the header reads. A 107 is handled centrally (alert
 * 'session expired, please relogin', then landing); other failures keep the balance shown.
 */
export function useBalanceRefresh() {
  return useMutation({
    mutationFn: () => userRequest(UserRoutes.getBalance, {}),
    onSuccess: (balance) => {
      sessionStore.save({
        creditBalance: centavos(balance.creditBalance),
        bonusBalance: centavos(balance.bonusBalance),
      });
    },
  });
}
