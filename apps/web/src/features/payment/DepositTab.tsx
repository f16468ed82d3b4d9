import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  type PaymentRequestReceipt,
} from '@karera/shared';
import { Alert, Button, LoadingDialog, Spinner, TextArea, TextField } from '../../components/ui/index.ts';
import { ChannelImage } from '../../components/payment/ChannelImage.tsx';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { useMessageText } from '../../lib/messages.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { AmountField } from './AmountField.tsx';
import { depositMethodQuery, extractReceipt, initiateDeposit, WALLET_HISTORY_ROOT } from './paymentApi.ts';
import {
  amountOf,
  amountText,
  checkReceiptFile,
  cleanReferenceInput,
  fileToBase64,
  lastSenderNumber,
  rememberSenderNumber,
} from './paymentForm.ts';
import { ResultDialogs } from './ResultDialogs.tsx';

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
  const messageText = useMessageText();
  const receiptId = useRef<number | null>(null);
  const queryClient = useQueryClient();
  const receiverId = useId();
  const [accountId, setAccountId] = useState<number>(accounts[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [sender, setSender] = useState(lastSenderNumber);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [read, setRead] = useState<ReadState>('idle');
  const [receipt, setReceipt] = useState<PaymentRequestReceipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per filled-in request: a retry after a dropped answer is recognised, a new request gets a new key.
  const key = useRef(newIdempotencyKey());
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const isSevenEleven = account?.type === '7-11';

  const submit = useSubmitOnce({
    mutationFn: initiateDeposit,
    onSuccess: (answer) => {
      if (account) rememberSenderNumber(senderFor(account.type, sender));
      key.current = newIdempotencyKey();
      setAmount('');
      setReference('');
      setNote('');
      setRead('idle');
      receiptId.current = null;
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

  function change(apply: () => void) {
    apply();
    setError(null);
    key.current = newIdempotencyKey();
  }

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
    submit.submit({
      amount: amountValue,
      senderNumber: senderFor(account.type, sender),
      receiverNumber: account.id,
      referenceNumber: normalizeReference(reference, account.type),
      ...(note.trim() ? { note: note.trim() } : {}),
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
      <fieldset className="payment-fieldset">
        <legend id={receiverId}>{t('payments.receiver')}</legend>
        <div className="payment-options">
          {accounts.map((option) => (
            <label key={option.id} className="payment-option">
              <input
                type="radio"
                name="receiver"
                value={option.id}
                checked={option.id === account?.id}
                onChange={() => change(() => setAccountId(option.id))}
              />
              <ChannelImage channel={{ kind: 'deposit', type: option.type }} imageUrl={option.imageUrl} />
              <span className="payment-option__name">{DEPOSIT_TYPE_LABELS[option.type]}</span>
              {option.bonusPercent > 0 ? (
                <span className="badge payment-bonus">
                  {t('payments.bonusBadge', { percent: option.bonusPercent })}
                </span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>

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
      <TextArea
        label={t('payments.note')}
        maxLength={200}
        rows={2}
        value={note}
        onChange={(event) => change(() => setNote(event.target.value))}
      />
      {error ? (
        <div data-testid="deposit-error">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <p className="payment-note">{t('payments.followUp')}</p>
      <Button type="submit" variant="accent" block busy={submit.isPending} data-testid="deposit-submit">
        {t('payments.submitDeposit')}
      </Button>
      <LoadingDialog
        open={submit.isPending || read === 'reading'}
        label={read === 'reading' ? t('payments.reading') : t('payments.sending')}
      />
      <ResultDialogs
        receipt={receipt}
        submittedText={t('payments.depositSubmitted')}
        failure={failure}
        onClose={() => {
          setReceipt(null);
          setFailure(null);
        }}
      />
    </form>
  );
}
