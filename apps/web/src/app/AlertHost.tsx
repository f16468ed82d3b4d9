import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import { dismissAlert, useCurrentAlert } from '../lib/alerts.ts';

/** Shows the popups of lib/alerts one at a time, each with an OK button. */
export function AlertHost() {
  const { t } = useTranslation();
  const alert = useCurrentAlert();
  const close = () => {
    if (alert) dismissAlert(alert.id);
  };
  const title =
    alert?.tone === 'error' ? t('alerts.failed') : alert?.tone === 'success' ? t('alerts.success') : t('alerts.notice');
  return (
    <Dialog
      open={alert !== null}
      onClose={close}
      title={title}
      closeLabel={t('common.close')}
      alert
      testId="alert-dialog"
      actions={
        <Button variant="primary" block onClick={close} data-autofocus>
          {t('alerts.ok')}
        </Button>
      }
    >
      <p className="alert-dialog__text">{alert?.text}</p>
    </Dialog>
  );
}
