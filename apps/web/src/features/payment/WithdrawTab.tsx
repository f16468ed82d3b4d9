import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WITHDRAW_COMPANY,
  DEFAULT_WITHDRAW_LIMITS,
  limitText,
  WITHDRAW_COMPANIES,
  WITHDRAW_COMPANY_LABELS,
  WITHDRAW_QUICK_AMOUNTS,
  withdrawRefusal,
  type PaymentRequestReceipt,
  type WithdrawCompany,
} from '@karera/shared';
import { Alert, Button, LoadingDialog, TextArea, TextField } from '../../components/ui/index.ts';
import { ChannelImage } from '../../components/payment/ChannelImage.tsx';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { balanceStore, useBalance } from '../../lib/balance.ts';
import { useBalanceRefresh, useBalanceText } from '../../lib/useBalanceRefresh.ts';
import { useMessageText } from '../../lib/messages.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { AmountField } from './AmountField.tsx';
import { depositMethodQuery, initiateWithdraw, WALLET_HISTORY_ROOT } from './paymentApi.ts';
import { amountOf, lastWithdrawAccount, rememberWithdrawAccount } from './paymentForm.ts';
import { ResultDialogs } from './ResultDialogs.tsx';

/**
 * Withdraw tab (docs/product/money.md#withdrawals): amount, company, account name and number, note. Only the credit
 * balance can be withdrawn; the server moves the amount out of it at once, so the header shows what is left.
 */
export function WithdrawTab() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const companyLegend = useId();
  // The limits come with the deposit method; until they arrive the default limits apply (the server decides).
  const method = useQuery(depositMethodQuery);
  const limits = method.data?.withdrawLimits ?? DEFAULT_WITHDRAW_LIMITS;
  // The operator's channel images come with it too; until then (or without one) the built-in badges show.
  const images = new Map(method.data?.withdrawChannels.map((channel) => [channel.company, channel.imageUrl]));
  const remembered = useRef(lastWithdrawAccount()).current;
  const [amount, setAmount] = useState('');
  const [company, setCompany] = useState<WithdrawCompany>(remembered?.companyName ?? DEFAULT_WITHDRAW_COMPANY);
  const [accountName, setAccountName] = useState(remembered?.accountName ?? '');
  const [accountNumber, setAccountNumber] = useState(remembered?.accountNumber ?? '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<PaymentRequestReceipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const balance = useBalance();
  const balanceText = useBalanceText();
  // Until the server has answered, the amount is not held against a balance: the server decides.
  const credit = balance.status === 'ready' && balance.credit !== null ? balance.credit : Number.POSITIVE_INFINITY;
  // A bet on another device or an approval may have moved it: read it again when the tab opens.
  const { mutate: refreshBalance } = useBalanceRefresh();
  useEffect(() => refreshBalance(), [refreshBalance]);

  const submit = useSubmitOnce({
    mutationFn: initiateWithdraw,
    onSuccess: (answer) => {
      rememberWithdrawAccount({
        companyName: company,
        accountName: accountName.trim(),
        accountNumber: accountNumber.trim(),
      });
      balanceStore.accept(answer);
      key.current = newIdempotencyKey();
      setAmount('');
      setNote('');
      setReceipt(answer);
      void queryClient.invalidateQueries({ queryKey: WALLET_HISTORY_ROOT });
    },
    onError: (cause) => {
      if (cause instanceof ApiError && cause.statusCode === 107) return;
      // A refusal of the shared catalogue (a reused reference, a session staff opened) in the player's language.
      setFailure(cause instanceof ApiError ? messageText(cause.message) : t('messages.serverError'));
    },
  });

  function change(apply: () => void) {
    apply();
    setError(null);
    key.current = newIdempotencyKey();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = amountOf(amount);
    const refusal = withdrawRefusal({ amount: value, accountName, accountNumber }, limits, credit);
    if (refusal || value === null) {
      setError(refusal);
      return;
    }
    submit.submit({
      amount: value,
      companyName: company,
      accountName: accountName.trim(),
      accountNumber: accountNumber.trim(),
      ...(note.trim() ? { note: note.trim() } : {}),
      idempotencyKey: key.current,
    });
  }

  return (
    <form className="payment-form" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <div className="card payment-balance">
        <p>
          {t('payments.credit')}: <strong data-testid="withdrawable">{balanceText('credit')}</strong>
        </p>
        <p className="payment-note">{t('payments.bonusNote')}</p>
      </div>
      <AmountField
        value={amount}
        onChange={(text) => change(() => setAmount(text))}
        quickAmounts={WITHDRAW_QUICK_AMOUNTS}
        limitsText={t('payments.limits', { min: limitText(limits.min), max: limitText(limits.max) })}
        testId="withdraw"
      />
      <fieldset className="payment-fieldset">
        <legend id={companyLegend}>{t('payments.company')}</legend>
        <div className="payment-options">
          {WITHDRAW_COMPANIES.map((option) => (
            <label key={option} className="payment-option">
              <input
                type="radio"
                name="company"
                value={option}
                checked={option === company}
                onChange={() => change(() => setCompany(option))}
              />
              <ChannelImage channel={{ kind: 'withdraw', company: option }} imageUrl={images.get(option) ?? null} />
              <span className="payment-option__name">{WITHDRAW_COMPANY_LABELS[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('payments.accountHolder')}
        autoComplete="name"
        maxLength={60}
        value={accountName}
        onChange={(event) => change(() => setAccountName(event.target.value))}
        data-testid="withdraw-account-name"
      />
      <TextField
        label={t('payments.accountNo')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        value={accountNumber}
        onChange={(event) => change(() => setAccountNumber(event.target.value))}
        data-testid="withdraw-account-number"
      />
      <TextArea
        label={t('payments.note')}
        maxLength={200}
        rows={2}
        value={note}
        onChange={(event) => change(() => setNote(event.target.value))}
      />
      {error ? (
        <div data-testid="withdraw-error">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <p className="payment-note">{t('payments.processing')}</p>
      <Button type="submit" variant="accent" block busy={submit.isPending} data-testid="withdraw-submit">
        {t('payments.submitWithdraw')}
      </Button>
      <LoadingDialog open={submit.isPending} label={t('payments.sending')} />
      <ResultDialogs
        receipt={receipt}
        submittedText={t('payments.withdrawSubmitted')}
        failure={failure}
        onClose={() => {
          setReceipt(null);
          setFailure(null);
        }}
      />
    </form>
  );
}
