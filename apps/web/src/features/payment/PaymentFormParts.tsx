import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, LoadingDialog, TextArea } from '../../components/ui/index.ts';
import { ChannelImage, type ChannelImageProps } from '../../components/payment/ChannelImage.tsx';
import { ResultDialogs } from './ResultDialogs.tsx';
import type { PaymentRequest } from './usePaymentRequest.ts';

interface ChannelOption<T> {
  value: T;
  channel: ChannelImageProps['channel'];
  imageUrl: string | null;
  label: string;
  /** Shown after the name (the deposit bonus). */
  extra?: ReactNode;
}

/** The channels to choose from as radio buttons, each with its image and name (receiver or company). */
export function ChannelOptions<T extends string | number>({
  legend,
  name,
  options,
  chosen,
  onChoose,
}: {
  legend: string;
  name: string;
  options: readonly ChannelOption<T>[];
  chosen: T | undefined;
  onChoose: (value: T) => void;
}) {
  const legendId = useId();
  return (
    <fieldset className="payment-fieldset">
      <legend id={legendId}>{legend}</legend>
      <div className="payment-options">
        {options.map((option) => (
          <label key={option.value} className="payment-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === chosen}
              onChange={() => onChoose(option.value)}
            />
            <ChannelImage channel={option.channel} imageUrl={option.imageUrl} />
            <span className="payment-option__name">{option.label}</span>
            {option.extra}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The end of a payment form: the note, the form's error, what happens next, the submit button, the
 * waiting dialog and the outcome popups.
 */
export function PaymentFormEnd({
  request,
  testId,
  nextText,
  submitText,
  submittedText,
  waitingText,
}: {
  request: Pick<
    PaymentRequest,
    'note' | 'setNote' | 'change' | 'error' | 'isPending' | 'receipt' | 'failure' | 'closeResult'
  >;
  testId: string;
  nextText: string;
  submitText: string;
  submittedText: string;
  /** Something else the player waits for (reading a receipt), shown as sending is. */
  waitingText?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextArea
        label={t('payments.note')}
        maxLength={200}
        rows={2}
        value={request.note}
        onChange={(event) => request.change(() => request.setNote(event.target.value))}
      />
      {request.error ? (
        <div data-testid={`${testId}-error`}>
          <Alert tone="error">{request.error}</Alert>
        </div>
      ) : null}
      <p className="payment-note">{nextText}</p>
      <Button type="submit" variant="accent" block busy={request.isPending} data-testid={`${testId}-submit`}>
        {submitText}
      </Button>
      <LoadingDialog open={request.isPending || Boolean(waitingText)} label={waitingText ?? t('payments.sending')} />
      <ResultDialogs
        receipt={request.receipt}
        submittedText={submittedText}
        failure={request.failure}
        onClose={request.closeResult}
      />
    </>
  );
}
