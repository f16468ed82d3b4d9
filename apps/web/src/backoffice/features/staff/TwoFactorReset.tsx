import { useState } from 'react';
import type { StaffMember } from '@karera/shared';
import { Alert, Button, Dialog } from '../../../components/ui/index.ts';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { useResetTwoFactorMutation } from './staff.api.ts';

/**
 * An admin resets another staff member's two-factor sign-in (a lost phone), after a confirmation: they
 * are signed out and enrol again at their next sign-in. The server audits it.
 */
export function TwoFactorReset({ member, onDone }: { member: StaffMember; onDone: (message: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const reset = useResetTwoFactorMutation();

  function close() {
    setOpen(false);
    reset.reset();
  }

  return (
    <>
      <Button
        variant="secondary"
        aria-label={t('security.staff.resetLabel', { username: member.username })}
        onClick={() => setOpen(true)}
      >
        {t('security.staff.reset')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t('security.staff.resetTitle', { username: member.username })}
        closeLabel={t('security.staff.cancel')}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              {t('security.staff.cancel')}
            </Button>
            <Button
              busy={reset.isPending}
              onClick={() =>
                reset.mutate(member.id, {
                  onSuccess: () => {
                    setOpen(false);
                    onDone(t('security.staff.resetDone', { username: member.username }));
                  },
                })
              }
            >
              {t('security.staff.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('security.staff.resetBody')}</p>
        {reset.isError ? <Alert tone="error">{errorText(t, reset.error)}</Alert> : null}
      </Dialog>
    </>
  );
}
