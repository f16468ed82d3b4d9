import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/index.ts';
import { amountText, cleanAmountInput } from './paymentForm.ts';

interface AmountFieldProps {
  value: string;
  onChange: (text: string) => void;
  quickAmounts: readonly number[];
  limitsText: string;
  testId: string;
}

/** The amount in pesos, with the quick amounts as one-tap chips. Digits and two decimals only. */
export function AmountField({ value, onChange, quickAmounts, limitsText, testId }: AmountFieldProps) {
  const { t } = useTranslation();
  const groupId = useId();
  return (
    <div className="payment-amount">
      <TextField
        label={t('payments.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(cleanAmountInput(event.target.value))}
        hint={limitsText}
        data-testid={`${testId}-amount`}
      />
      <p className="visually-hidden" id={groupId}>
        {t('payments.quickAmounts')}
      </p>
      <div className="payment-chips" role="group" aria-labelledby={groupId}>
        {quickAmounts.map((amount) => {
          const text = amountText(amount);
          return (
            <button
              key={amount}
              type="button"
              className="payment-chip"
              aria-pressed={value === text}
              onClick={() => onChange(text)}
            >
              {t('payments.quickAmount', { amount: (amount / 100).toLocaleString('en-US') })}
            </button>
          );
        })}
      </div>
    </div>
  );
}
