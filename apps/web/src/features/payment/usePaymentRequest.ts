import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentRequestReceipt } from '@karera/shared';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { useMessageText } from '../../lib/messages.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { WALLET_HISTORY_ROOT } from './paymentApi.ts';

/**
 * What the deposit and the withdraw forms share (docs/product/money.md#deposits, #withdrawals): the
 * amount and note, the form's error, one idempotency key per filled-in request (a retry after a dropped
 * answer is recognised, a new request gets a new key), the one-at-a-time submit, and the outcome
 * popups' receipt or failure.
 */
export function usePaymentRequest<Input, Answer extends PaymentRequestReceipt>(
  send: (input: Input) => Promise<Answer>,
  onSent: (answer: Answer) => void,
) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<PaymentRequestReceipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());

  const submit = useSubmitOnce({
    mutationFn: send,
    onSuccess: (answer) => {
      onSent(answer);
      key.current = newIdempotencyKey();
      setAmount('');
      setNote('');
      setReceipt(answer);
      void queryClient.invalidateQueries({ queryKey: WALLET_HISTORY_ROOT });
    },
    onError: (cause) => {
      // 107 is handled centrally (logout); anything else is the failure popup with the server's words.
      if (cause instanceof ApiError && cause.statusCode === 107) return;
      // A refusal of the shared catalogue (a reused reference, a session staff opened) in the player's language.
      setFailure(cause instanceof ApiError ? messageText(cause.message) : t('messages.serverError'));
    },
  });

  /** A field changed: its error goes, and the request is a new one. */
  function change(apply: () => void) {
    apply();
    setError(null);
    key.current = newIdempotencyKey();
  }

  return {
    amount,
    setAmount,
    note,
    /** The note as the request carries it: trimmed, and left out when empty. */
    noteField: note.trim() ? { note: note.trim() } : {},
    setNote,
    error,
    setError,
    key,
    change,
    submit: submit.submit,
    isPending: submit.isPending,
    receipt,
    failure,
    closeResult: () => {
      setReceipt(null);
      setFailure(null);
    },
  };
}

export type PaymentRequest = ReturnType<typeof usePaymentRequest>;
