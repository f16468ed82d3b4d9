import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { normalizePromoCode, type PromoClaimResponse } from '@karera/shared';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { balanceStore } from '../../lib/balance.ts';
import { isSessionInvalid } from '../../lib/userApi.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { claimPromo, PROMO_QUERY_ROOT, WALLET_HISTORY_ROOT } from './promoApi.ts';
import { refusalText } from './promoView.ts';

/** The claim's answer: the promo's name (a code-only promo's too) and the balances after it. */
export type ClaimSuccess = PromoClaimResponse;

/** A refusal the server gave: the same request would get it again, so a retry is a new request. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode !== 0 && error.httpStatus > 0 && error.httpStatus < 500;
}

/**
 * The claim flow (docs/product/promos.md#claiming): an empty code is refused at once ('Please enter promo code');
 * otherwise the uppercase code is sent once (a second tap while in flight is dropped) with one idempotency key
 * per attempt, kept when the answer was lost so a retry is recognised. A success stores the new
 * balances (the header shows them), then list, history and wallet history are fetched again.
 */
export function usePromoClaim() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempt = useRef<{ promoCode: string; key: string } | null>(null);
  const [success, setSuccess] = useState<ClaimSuccess | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** How many claims succeeded on this page: the code entry starts empty again after each. */
  const [claimed, setClaimed] = useState(0);

  const mutation = useSubmitOnce({
    mutationFn: claimPromo,
    onSuccess: (answer) => {
      attempt.current = null;
      balanceStore.accept(answer);
      setSuccess(answer);
      setClaimed((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: WALLET_HISTORY_ROOT });
    },
    onError: (error) => {
      if (isSessionInvalid(error)) return; // logged out centrally
      if (isRefusal(error)) attempt.current = null;
      setFailure(error instanceof ApiError ? refusalText(error.message, t) : t('messages.serverError'));
    },
    // Claimed or refused (sold out, already active...): what the page shows is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_ROOT }),
  });
  const { submit } = mutation;

  const claim = useCallback(
    (code: string) => {
      const promoCode = normalizePromoCode(code);
      if (promoCode === '') {
        showAlert(t('promo.codeRequired'), 'error');
        return;
      }
      if (attempt.current?.promoCode !== promoCode) attempt.current = { promoCode, key: newIdempotencyKey() };
      submit({ promoCode, idempotencyKey: attempt.current.key });
    },
    [submit, t],
  );

  const dismiss = useCallback(() => {
    setSuccess(null);
    setFailure(null);
  }, []);

  return { claim, pending: mutation.isPending, success, failure, dismiss, claimed };
}
