import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COPY_NOTE_MS,
  DEPOSIT_QUICK_AMOUNTS,
  DEPOSIT_TYPE_LABELS,
  depositRefusal,
  limitText,
  normalizeReference,
  PaymentMessages,
  senderFor,
  type DepositMethodAccount,
} from '@karera/shared';
import { Alert, Button, Spinner, TextField } from '../../components/ui/index.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { AmountField } from './AmountField.tsx';
import { depositMethodQuery, extractReceipt, initiateDeposit } from './paymentApi.ts';
import {
  amountOf,
  amountText,
  checkReceiptFile,
  cleanReferenceInput,
  fileToBase64,
  lastSenderNumber,
  rememberSenderNumber,
} from './paymentForm.ts';
import { ChannelOptions, PaymentFormEnd } from './PaymentFormParts.tsx';
import { usePaymentRequest } from './usePaymentRequest.ts';

type ReadState = 'idle' | 'reading' | 'done' | 'nothing' | 'failed';

/** Deposit tab (docs/product/money.md#deposits): receiver account, amount, sender, reference, note, receipt upload. */
export function DepositTab() {
  const { t } = useTranslation();
  const method = useQuery(depositMethodQuery);

  if (method.isPending) {
    return (
      <div className="payment-state">
        <Spinner label={t('payments.loading')} />
      </div>
    );
  }
  if (method.isError) {
    return (
      <div className="payment-state">
        <Alert tone="error">{t('payments.loadError')}</Alert>
        <Button variant="secondary" onClick={() => void method.refetch()}>
          {t('payments.retry')}
        </Button>
      </div>
    );
  }
  if (method.data.accounts.length === 0) {
    return (
      <p className="payment-state" data-testid="no-deposit-account">
        {t('payments.noAccount')}
      </p>
    );
  }
  return <DepositForm accounts={method.data.accounts} limits={method.data.depositLimits} />;
}

function DepositForm({ accounts, limits }: { accounts: DepositMethodAccount[]; limits: { min: number; max: number } }) {
  const { t } = useTranslation();
  const receiptId = useRef<number | null>(null);
  const [accountId, setAccountId] = useState<number>(accounts[0]?.id ?? 0);
  const [sender, setSender] = useState(lastSenderNumber);
  const [reference, setReference] = useState('');
  const [copied, setCopied] = useState(false);
  const [read, setRead] = useState<ReadState>('idle');
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const isSevenEleven = account?.type === '7-11';

  const request = usePaymentRequest(initiateDeposit, () => {
    if (account) rememberSenderNumber(senderFor(account.type, sender));
    setReference('');
    setRead('idle');
    receiptId.current = null;
  });
  const { amount, setAmount, setError, key, change } = request;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amountValue = amountOf(amount);
    const refusal = depositRefusal(
      { amount: amountValue, senderNumber: sender, referenceNumber: reference, accountType: account?.type ?? null },
      limits,
    );
    if (refusal || !account || amountValue === null) {
      setError(refusal ?? PaymentMessages.receiverRequired);
      return;
    }
    request.submit({
      amount: amountValue,
      senderNumber: senderFor(account.type, sender),
      receiverNumber: account.id,
      referenceNumber: normalizeReference(reference, account.type),
      ...request.noteField,
      // The uploaded receipt goes with the request: the approving staff member sees it.
      ...(receiptId.current !== null ? { receiptId: receiptId.current } : {}),
      idempotencyKey: key.current,
    });
  }

  async function copyNumber(number: string) {
    try {
      await navigator.clipboard.writeText(number);
    } catch {
      // Clipboard refused (e.g. an old browser): the number stays visible to copy by hand.
    }
    setCopied(true);
    clearTimeout(copyTimer.current);
    copyTimer.current = setTimeout(() => setCopied(false), COPY_NOTE_MS);
  }

  async function onReceipt(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkReceiptFile(file);
    if (!check.ok) {
      setError(check.reason === 'type' ? PaymentMessages.receiptType : PaymentMessages.receiptTooLarge);
      return;
    }
    setError(null);
    setRead('reading');
    try {
      const fields = await extractReceipt(await fileToBase64(file));
      receiptId.current = fields.receiptId;
      if (fields.referenceNumber) setReference(cleanReferenceInput(fields.referenceNumber));
      if (fields.amount !== null) setAmount(amountText(fields.amount));
      key.current = newIdempotencyKey();
      setRead(fields.referenceNumber || fields.amount !== null ? 'done' : 'nothing');
    } catch (cause) {
      setRead('failed');
      if (!(cause instanceof ApiError && cause.statusCode === 107)) {
        setError(cause instanceof ApiError ? cause.message : PaymentMessages.receiptUnreadable);
      }
    }
  }

  return (
    <form className="payment-form" onSubmit={onSubmit} noValidate data-testid="deposit-form">
      <ChannelOptions
        legend={t('payments.receiver')}
        name="receiver"
        options={accounts.map((option) => ({
          value: option.id,
          channel: { kind: 'deposit', type: option.type },
          imageUrl: option.imageUrl,
          label: DEPOSIT_TYPE_LABELS[option.type],
          extra:
            option.bonusPercent > 0 ? (
              <span className="badge payment-bonus">{t('payments.bonusBadge', { percent: option.bonusPercent })}</span>
            ) : null,
        }))}
        chosen={account?.id}
        onChoose={(id) => change(() => setAccountId(id))}
      />

      {account ? (
        <div className="card payment-account" data-testid="deposit-account">
          <dl>
            <div>
              <dt>{t('payments.accountName')}</dt>
              <dd>{account.accountName}</dd>
            </div>
            <div>
              <dt>{t('payments.accountNumber')}</dt>
              <dd className="payment-account__number">
                <span>{account.accountNumber}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void copyNumber(account.accountNumber)}
                  aria-label={t('payments.copyNumber', { number: account.accountNumber })}
                >
                  {t('payments.copy')}
                </Button>
              </dd>
            </div>
            {account.companyNumber ? (
              <div>
                <dt>{t('payments.company')}</dt>
                <dd>{account.companyNumber}</dd>
              </div>
            ) : null}
          </dl>
          <p className="payment-copied" role="status" aria-live="polite">
            {copied ? t('payments.copied') : ''}
          </p>
        </div>
      ) : null}

      <div className="payment-upload">
        <label className="btn btn--secondary btn--sm payment-upload__button">
          {t('payments.receipt')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            onChange={(event) => void onReceipt(event)}
            data-testid="receipt-input"
          />
        </label>
        <p className="field__hint">{t('payments.receiptHint')}</p>
        <p role="status" aria-live="polite" className="payment-upload__status" data-testid="receipt-status">
          {read === 'reading'
            ? t('payments.reading')
            : read === 'done'
              ? t('payments.readDone')
              : read === 'nothing'
                ? t('payments.readNothing')
                : ''}
        </p>
      </div>

      <AmountField
        value={amount}
        onChange={(text) => change(() => setAmount(text))}
        quickAmounts={DEPOSIT_QUICK_AMOUNTS}
        limitsText={t('payments.limits', { min: limitText(limits.min), max: limitText(limits.max) })}
        testId="deposit"
      />
      {isSevenEleven ? null : (
        <TextField
          label={t('payments.senderNumber')}
          hint={t('payments.senderHint')}
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
          value={sender}
          onChange={(event) => change(() => setSender(event.target.value))}
          data-testid="deposit-sender"
        />
      )}
      <TextField
        label={t('payments.referenceNumber')}
        hint={t('payments.referenceHint')}
        autoComplete="off"
        autoCapitalize="characters"
        value={reference}
        onChange={(event) => change(() => setReference(cleanReferenceInput(event.target.value)))}
        data-testid="deposit-reference"
      />
      <PaymentFormEnd
        request={request}
        testId="deposit"
        nextText={t('payments.followUp')}
        submitText={t('payments.submitDeposit')}
        submittedText={t('payments.depositSubmitted')}
        waitingText={read === 'reading' ? t('payments.reading') : null}
      />
    </form>
  );
}
