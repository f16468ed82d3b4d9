import { useTranslation } from 'react-i18next';
import { formatPeso, isKycGateRefusal, type PaymentRequestReceipt } from '@karera/shared';
import { Button, ButtonLink, Dialog } from '../../components/ui/index.ts';

/**
 * The outcome popups (docs/product/screens.md#payment): success with transaction id and amount, or failure with the
 * server message.
 */
export function ResultDialogs({
  receipt,
  submittedText,
  failure,
  onClose,
}: {
  receipt: PaymentRequestReceipt | null;
  submittedText: string;
  failure: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog
        open={receipt !== null}
        onClose={onClose}
        title={t('payments.successTitle')}
        closeLabel={t('common.close')}
        testId="payment-success"
        actions={
          <Button variant="primary" onClick={onClose} data-autofocus>
            {t('payments.ok')}
          </Button>
        }
      >
        <dl className="payment-receipt">
          <div>
            <dt>{t('payments.transactionId')}</dt>
            <dd data-testid="payment-transaction-id">{receipt?.transactionId}</dd>
          </div>
          <div>
            <dt>{t('payments.amountLabel')}</dt>
            <dd>{receipt ? formatPeso(receipt.amount) : null}</dd>
          </div>
        </dl>
        <p>{submittedText}</p>
      </Dialog>
      <Dialog
        open={failure !== null}
        onClose={onClose}
        title={t('payments.failedTitle')}
        closeLabel={t('common.close')}
        alert
        testId="payment-failure"
        actions={
          <Button variant="primary" onClick={onClose} data-autofocus>
            {t('payments.ok')}
          </Button>
        }
      >
        <p className="alert-dialog__text">{failure}</p>
        {failure !== null && isKycGateRefusal(failure) ? (
          // Identity checks (issue 22): the way to the verification, not "try again later".
          <ButtonLink to="/verify" variant="secondary">
            {t('account.verify')}
          </ButtonLink>
        ) : (
          <p>{t('payments.tryAgain')}</p>
        )}
      </Dialog>
    </>
  );
}
