import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WITHDRAW_COMPANY,
  DEFAULT_WITHDRAW_LIMITS,
  limitText,
  WITHDRAW_COMPANIES,
  WITHDRAW_COMPANY_LABELS,
  WITHDRAW_QUICK_AMOUNTS,
  withdrawRefusal,
  type WithdrawCompany,
} from '@karera/shared';
import { TextField } from '../../components/ui/index.ts';
import { balanceStore, useBalance } from '../../lib/balance.ts';
import { useBalanceRefresh, useBalanceText } from '../../lib/useBalanceRefresh.ts';
import { AmountField } from './AmountField.tsx';
import { depositMethodQuery, initiateWithdraw } from './paymentApi.ts';
import { amountOf, lastWithdrawAccount, rememberWithdrawAccount } from './paymentForm.ts';
import { ChannelOptions, PaymentFormEnd } from './PaymentFormParts.tsx';
import { usePaymentRequest } from './usePaymentRequest.ts';

/**
 * Withdraw tab (docs/product/money.md#withdrawals): amount, company, account name and number, note. Only the credit
 * balance can be withdrawn; the server moves the amount out of it at once, so the header shows what is left.
 */
export function WithdrawTab() {
  const { t } = useTranslation();
  // The limits come with the deposit method; until they arrive the default limits apply (the server decides).
  const method = useQuery(depositMethodQuery);
  const limits = method.data?.withdrawLimits ?? DEFAULT_WITHDRAW_LIMITS;
  // The operator's channel images come with it too; until then (or without one) the built-in badges show.
  const images = new Map(method.data?.withdrawChannels.map((channel) => [channel.company, channel.imageUrl]));
  const remembered = useRef(lastWithdrawAccount()).current;
  const [company, setCompany] = useState<WithdrawCompany>(remembered?.companyName ?? DEFAULT_WITHDRAW_COMPANY);
  const [accountName, setAccountName] = useState(remembered?.accountName ?? '');
  const [accountNumber, setAccountNumber] = useState(remembered?.accountNumber ?? '');
  const balance = useBalance();
  const balanceText = useBalanceText();
  // Until the server has answered, the amount is not held against a balance: the server decides.
  const credit = balance.status === 'ready' && balance.credit !== null ? balance.credit : Number.POSITIVE_INFINITY;
  // A bet on another device or an approval may have moved it: read it again when the tab opens.
  const { mutate: refreshBalance } = useBalanceRefresh();
  useEffect(() => refreshBalance(), [refreshBalance]);

  const request = usePaymentRequest(initiateWithdraw, (answer) => {
    rememberWithdrawAccount({
      companyName: company,
      accountName: accountName.trim(),
      accountNumber: accountNumber.trim(),
    });
    balanceStore.accept(answer);
  });
  const { amount, setAmount, change } = request;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = amountOf(amount);
    const refusal = withdrawRefusal({ amount: value, accountName, accountNumber }, limits, credit);
    if (refusal || value === null) {
      request.setError(refusal);
      return;
    }
    request.submit({
      amount: value,
      companyName: company,
      accountName: accountName.trim(),
      accountNumber: accountNumber.trim(),
      ...request.noteField,
      idempotencyKey: request.key.current,
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
      <ChannelOptions
        legend={t('payments.company')}
        name="company"
        options={WITHDRAW_COMPANIES.map((option) => ({
          value: option,
          channel: { kind: 'withdraw', company: option },
          imageUrl: images.get(option) ?? null,
          label: WITHDRAW_COMPANY_LABELS[option],
        }))}
        chosen={company}
        onChoose={(option) => change(() => setCompany(option))}
      />
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
      <PaymentFormEnd
        request={request}
        testId="withdraw"
        nextText={t('payments.processing')}
        submitText={t('payments.submitWithdraw')}
        submittedText={t('payments.withdrawSubmitted')}
      />
    </form>
  );
}
