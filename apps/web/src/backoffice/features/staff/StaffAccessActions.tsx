import { useState, type FormEvent } from 'react';
import { changeStaffMobileSchema, fieldErrorsOf, type StaffMember } from '@karera/shared';
import { Alert, Button, Dialog, TextField } from '../../../components/ui/index.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { useChangeStaffMobileMutation, useResendEnrolmentLinkMutation } from './staff.api.ts';
import { staffRequestErrorText } from './staffRequests.ts';

/**
 * A staff member's sign-in link and number (decision 044): a new one-time link to the number on file while
 * they have not set up two-factor sign-in, and a number change, which a second, independent admin approves.
 */
export function StaffAccessActions({
  member,
  enrolled,
  onDone,
}: {
  member: StaffMember;
  enrolled: boolean;
  onDone: (message: string) => void;
}) {
  const t = useT();
  return (
    <span
      className="bo-staff-access"
      role="group"
      aria-label={t('staffAccess.actionsFor', { username: member.username })}
    >
      {!enrolled && member.mobileNo ? <ResendLink member={member} mobileNo={member.mobileNo} onDone={onDone} /> : null}
      <ChangeNumber member={member} onDone={onDone} />
    </span>
  );
}

function ResendLink({
  member,
  mobileNo,
  onDone,
}: {
  member: StaffMember;
  mobileNo: string;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const resend = useResendEnrolmentLinkMutation(member.id);

  function close() {
    setOpen(false);
    resend.reset();
  }

  return (
    <>
      <Button
        variant="secondary"
        aria-label={t('staffAccess.resendLabel', { username: member.username })}
        onClick={() => setOpen(true)}
      >
        {t('staffAccess.resend')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t('staffAccess.resendTitle', { username: member.username })}
        closeLabel={t('staffAccess.cancel')}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              {t('staffAccess.cancel')}
            </Button>
            <Button
              busy={resend.isPending}
              data-autofocus
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (answer) => {
                    setOpen(false);
                    onDone(t('staffAccess.resent', { username: member.username, sentTo: answer.sentTo }));
                  },
                })
              }
            >
              {t('staffAccess.send')}
            </Button>
          </>
        }
      >
        <p>{t('staffAccess.resendBody', { mobile: mobileNo })}</p>
        {resend.isError ? <Alert tone="error">{staffRequestErrorText(t, resend.error)}</Alert> : null}
      </Dialog>
    </>
  );
}

function ChangeNumber({ member, onDone }: { member: StaffMember; onDone: (message: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [mobileNo, setMobileNo] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const change = useChangeStaffMobileMutation(member.id);
  const formId = `bo-change-mobile-${member.id}`;

  function close() {
    setOpen(false);
    setMobileNo('');
    setFieldError(null);
    change.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = changeStaffMobileSchema.safeParse({ mobileNo });
    if (!parsed.success) {
      setFieldError(localizeMessage(t, fieldErrorsOf(parsed.error).mobileNo ?? parsed.error.message));
      return;
    }
    setFieldError(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        close();
        onDone(t('staffAccess.changeRequested', { username: member.username }));
      },
      onError: (error) => setFieldError(staffRequestErrorText(t, error)),
    });
  }

  return (
    <>
      <Button
        variant="secondary"
        aria-label={t('staffAccess.changeNumberLabel', { username: member.username })}
        onClick={() => setOpen(true)}
      >
        {t('staffAccess.changeNumber')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={t('staffAccess.changeNumberTitle', { username: member.username })}
        closeLabel={t('staffAccess.cancel')}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              {t('staffAccess.cancel')}
            </Button>
            <Button type="submit" form={formId} busy={change.isPending}>
              {t('staffAccess.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('staffAccess.changeNumberBody')}</p>
        <form id={formId} onSubmit={submit} noValidate>
          <TextField
            label={t('staffAccess.newMobile')}
            name="mobileNo"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={mobileNo}
            error={fieldError ?? undefined}
            data-autofocus
            onChange={(event) => {
              setMobileNo(event.target.value);
              setFieldError(null);
            }}
          />
        </form>
      </Dialog>
    </>
  );
}
