import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DEPOSIT_LIMITS,
  DEFAULT_WITHDRAW_LIMITS,
  DEPOSIT_QUICK_AMOUNTS,
  DEPOSIT_TYPE_LABELS,
  formatPeso,
  limitText,
  WITHDRAW_COMPANIES,
  WITHDRAW_COMPANY_LABELS,
  WITHDRAW_QUICK_AMOUNTS,
  type DepositAccountType,
} from '@karera/shared';
import { Button, TextArea, TextField } from '../../../components/ui/index.ts';
import { useTutorialT } from '../tutorialI18n.ts';
import { SAMPLE_BALANCES, SAMPLE_PAYMENT } from '../sampleData.ts';
import { MockPopup, MockTabs } from './MockParts.tsx';

/*
 * The Deposit and Withdraw tabs of /payment (features/payment DepositTab, WithdrawTab, AmountField,
 * ResultDialogs) with sample accounts and amounts, and on the last step the 'Request sent' popup.
 */

/** A whole-peso amount as the amount field shows it ('500'). */
function amountText(centavos: number): string {
  return String(Math.trunc(centavos / 100));
}

function QuickLinks() {
  const { t } = useTranslation();
  return (
    <div className="payment-links">
      <span className="tour-mock__link">{t('payments.links.live')}</span>
      <span className="tour-mock__link">{t('payments.links.wallet')}</span>
      <span className="tour-mock__link">{t('payments.links.promo')}</span>
    </div>
  );
}

function PaymentTabs({ selected, children }: { selected: 'deposit' | 'withdraw'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <MockTabs
      label={t('payments.tabsLabel')}
      selected={selected}
      tabs={[
        { id: 'deposit', label: t('payments.deposit'), target: selected === 'deposit' ? 'tab' : undefined },
        { id: 'withdraw', label: t('payments.withdraw'), target: selected === 'withdraw' ? 'tab' : undefined },
      ]}
    >
      {children}
    </MockTabs>
  );
}

function AmountMock({
  amount,
  quickAmounts,
  limits,
}: {
  amount: number;
  quickAmounts: readonly number[];
  limits: { min: number; max: number };
}) {
  const { t } = useTranslation();
  const groupId = useId();
  return (
    <div className="payment-amount" data-tour="amount">
      <TextField
        label={t('payments.amount')}
        inputMode="decimal"
        readOnly
        value={amountText(amount)}
        hint={t('payments.limits', { min: limitText(limits.min), max: limitText(limits.max) })}
      />
      <p className="visually-hidden" id={groupId}>
        {t('payments.quickAmounts')}
      </p>
      <div className="payment-chips" role="group" aria-labelledby={groupId}>
        {quickAmounts.map((quick) => (
          <button key={quick} type="button" className="payment-chip" aria-pressed={quick === amount}>
            {t('payments.quickAmount', { amount: (quick / 100).toLocaleString('en-US') })}
          </button>
        ))}
      </div>
    </div>
  );
}

function SentPopup({ amount, text }: { amount: number; text: string }) {
  const { t } = useTranslation();
  return (
    <MockPopup
      title={t('payments.successTitle')}
      target="success"
      actions={<Button variant="primary">{t('payments.ok')}</Button>}
    >
      <dl className="payment-receipt">
        <div>
          <dt>{t('payments.transactionId')}</dt>
          <dd>{SAMPLE_PAYMENT.transactionId}</dd>
        </div>
        <div>
          <dt>{t('payments.amountLabel')}</dt>
          <dd>{formatPeso(amount)}</dd>
        </div>
      </dl>
      <p>{text}</p>
    </MockPopup>
  );
}

const SAMPLE_CHANNELS: { id: number; type: DepositAccountType; bonusPercent: number }[] = [
  { id: 1, type: 'GCASH', bonusPercent: 0 },
  { id: 2, type: 'PAYMAYA', bonusPercent: 0 },
  { id: 3, type: '111', bonusPercent: 5 },
  { id: 4, type: 'BANK', bonusPercent: 0 },
];

export function DepositMock({ stepId }: { stepId: string }) {
  const { t } = useTranslation();
  const tt = useTutorialT();
  const receiverId = useId();
  return (
    <>
      <QuickLinks />
      <PaymentTabs selected="deposit">
        <div className="payment-form">
          <fieldset className="payment-fieldset" data-tour="channel">
            <legend id={receiverId}>{t('payments.receiver')}</legend>
            <div className="payment-options">
              {SAMPLE_CHANNELS.map((option) => (
                <label key={option.id} className="payment-option">
                  <input type="radio" name="tour-receiver" value={option.id} defaultChecked={option.id === 1} />
                  <span
                    className={`payment-logo payment-logo--${option.type.toLowerCase().replace(/[^a-z0-9]/g, '')}`}
                    aria-hidden="true"
                  >
                    {DEPOSIT_TYPE_LABELS[option.type].slice(0, 2)}
                  </span>
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

          <div className="card payment-account" data-tour="account">
            <dl>
              <div>
                <dt>{t('payments.accountName')}</dt>
                <dd>{tt('sample.receiverName')}</dd>
              </div>
              <div>
                <dt>{t('payments.accountNumber')}</dt>
                <dd className="payment-account__number">
                  <span>{SAMPLE_PAYMENT.receiverNumber}</span>
                  <Button size="sm" variant="secondary">
                    {t('payments.copy')}
                  </Button>
                </dd>
              </div>
            </dl>
          </div>

          <div className="payment-upload" data-tour="receipt">
            <span className="btn btn--secondary btn--sm payment-upload__button">{t('payments.receipt')}</span>
            <p className="field__hint">{t('payments.receiptHint')}</p>
          </div>

          <AmountMock
            amount={SAMPLE_PAYMENT.depositAmount}
            quickAmounts={DEPOSIT_QUICK_AMOUNTS}
            limits={DEFAULT_DEPOSIT_LIMITS}
          />
          <div data-tour="details">
            <TextField
              label={t('payments.senderNumber')}
              hint={t('payments.senderHint')}
              inputMode="tel"
              readOnly
              value={SAMPLE_PAYMENT.senderNumber}
            />
            <TextField
              label={t('payments.referenceNumber')}
              hint={t('payments.referenceHint')}
              readOnly
              value={SAMPLE_PAYMENT.reference}
            />
          </div>
          <TextArea label={t('payments.note')} rows={2} readOnly value="" />
          <p className="payment-note">{t('payments.followUp')}</p>
          <Button variant="accent" block data-tour="submit">
            {t('payments.submitDeposit')}
          </Button>
          {stepId === 'success' ? (
            <SentPopup amount={SAMPLE_PAYMENT.depositAmount} text={t('payments.depositSubmitted')} />
          ) : null}
        </div>
      </PaymentTabs>
    </>
  );
}

export function WithdrawMock({ stepId }: { stepId: string }) {
  const { t } = useTranslation();
  const tt = useTutorialT();
  const companyLegend = useId();
  return (
    <>
      <QuickLinks />
      <PaymentTabs selected="withdraw">
        <div className="payment-form">
          <div className="card payment-balance" data-tour="balance">
            <p>
              {t('payments.credit')}: <strong>{formatPeso(SAMPLE_BALANCES.credit)}</strong>
            </p>
            <p className="payment-note">{t('payments.bonusNote')}</p>
          </div>
          <AmountMock
            amount={SAMPLE_PAYMENT.withdrawAmount}
            quickAmounts={WITHDRAW_QUICK_AMOUNTS}
            limits={DEFAULT_WITHDRAW_LIMITS}
          />
          <fieldset className="payment-fieldset" data-tour="company">
            <legend id={companyLegend}>{t('payments.company')}</legend>
            <div className="payment-options">
              {WITHDRAW_COMPANIES.map((option) => (
                <label key={option} className="payment-option">
                  <input type="radio" name="tour-company" value={option} defaultChecked={option === 'gcash'} />
                  <span className={`payment-logo payment-logo--${option}`} aria-hidden="true">
                    {WITHDRAW_COMPANY_LABELS[option].slice(0, 2)}
                  </span>
                  <span className="payment-option__name">{WITHDRAW_COMPANY_LABELS[option]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div data-tour="account">
            <TextField label={t('payments.accountHolder')} readOnly value={tt('sample.holderName')} />
            <TextField
              label={t('payments.accountNo')}
              inputMode="numeric"
              readOnly
              value={SAMPLE_PAYMENT.holderNumber}
            />
          </div>
          <TextArea label={t('payments.note')} rows={2} readOnly value="" />
          <p className="payment-note">{t('payments.processing')}</p>
          <Button variant="accent" block data-tour="submit">
            {t('payments.submitWithdraw')}
          </Button>
          {stepId === 'success' ? (
            <SentPopup amount={SAMPLE_PAYMENT.withdrawAmount} text={t('payments.withdrawSubmitted')} />
          ) : null}
        </div>
      </PaymentTabs>
    </>
  );
}
