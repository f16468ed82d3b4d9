import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlayerMessages, UserRoutes, maskMobile, normalizeMobile, type ProfileResponse } from '@karera/shared';
import { Alert, Button, Dialog, LoadingDialog, Spinner, TextField } from '../../components/ui/index.ts';
import { ApiError } from '../../lib/api.ts';
import { showAlert } from '../../lib/alerts.ts';
import { useMessageText } from '../../lib/messages.ts';
import { playerQueryKeys } from '../../lib/queryKeys.ts';
import { sessionStore } from '../../lib/session/index.ts';
import { isSessionInvalid, userRequest } from '../../lib/userApi.ts';
import { useBalanceText } from '../../lib/useBalanceRefresh.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import { OtpForm } from '../../components/forms/OtpForm.tsx';
import { refusalOf } from '../../lib/refusal.ts';
import {
  formErrorsOf,
  profileValuesOf,
  singleFieldError,
  type ProfileField,
  type ProfileValues,
} from './profileForm.ts';

const FORM_FIELDS = ['firstName', 'lastName', 'email'] as const satisfies readonly ProfileField[];
const FIELD_NAMES: ReadonlySet<string> = new Set<ProfileField>(['firstName', 'lastName', 'email', 'mobileNo']);

function isProfileField(key: string): key is ProfileField {
  return FIELD_NAMES.has(key);
}

/** The server's per-field messages of a refused update, for the fields on screen. */
function serverFieldErrors(error: Error, shown: readonly ProfileField[]): Partial<ProfileValues> {
  const errors: Partial<ProfileValues> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    if (isProfileField(key) && shown.includes(key)) errors[key] = message;
  }
  return errors;
}

export const profileQuery = {
  queryKey: playerQueryKeys.profile,
  queryFn: ({ signal }: { signal: AbortSignal }) => userRequest(UserRoutes.getProfile, {}, signal),
};

/** Keeps the header (stored login state) in step with what the server says about the player. */
function syncSession(profile: ProfileResponse) {
  sessionStore.save({
    mobileNo: profile.mobileNo,
    firstName: profile.firstName,
    lastName: profile.lastName,
  });
}

/**
 * My Profile tab (docs/product/screens.md#profile, docs/product/accounts.md#profile-and-password): the details with the
 * note to contact an admin; an Edit form for names and email (each field's message beside it); a popup per field (how
 * phones edit), where a new mobile number is confirmed with the OTP sent to it.
 */
export function MyProfile() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileValues | null>(null);
  const [formErrors, setFormErrors] = useState<Partial<ProfileValues>>({});
  const [field, setField] = useState<ProfileField | null>(null);
  const [fieldValue, setFieldValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [otpFor, setOtpFor] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const balanceText = useBalanceText();

  useEffect(() => {
    if (profile.data) syncSession(profile.data);
  }, [profile.data]);

  const update = useSubmitOnce({
    mutationFn: (input: ProfileValues) => userRequest(UserRoutes.updateProfile, input),
    onSuccess: (response, input) => {
      sessionStore.save({ firstName: response.firstName, lastName: response.lastName });
      void queryClient.invalidateQueries({ queryKey: playerQueryKeys.profile });
      setEditing(false);
      setField(null);
      if (response.otpRequired) setOtpFor(input.mobileNo);
      else setSuccess(PlayerMessages.profileUpdated);
    },
    onError: (failure) => {
      if (isSessionInvalid(failure)) return;
      const shown = field ? [field] : [...FORM_FIELDS];
      const fromServer = serverFieldErrors(failure, shown);
      if (field && fromServer[field]) setFieldError(fromServer[field]);
      else if (!field && Object.keys(fromServer).length > 0) setFormErrors(fromServer);
      else showAlert(messageText(refusalOf(failure)), 'error');
    },
  });

  if (profile.isPending) {
    return (
      <div className="page-loading">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <Alert tone="error">
        <p className="alert__text">{t('common.loadError')}</p>
        <Button variant="secondary" size="sm" onClick={() => void profile.refetch()} busy={profile.isFetching}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }

  const data = profile.data;
  const current = profileValuesOf(data);
  const label = (name: ProfileField) => t(`profile.${name}`);

  function startEdit() {
    setForm(current);
    setFormErrors({});
    setSuccess(null);
    setEditing(true);
  }

  function onSubmitForm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form) return;
    const values = { ...form, mobileNo: current.mobileNo };
    const errors = formErrorsOf(values, FORM_FIELDS);
    setFormErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSuccess(null);
    update.submit({
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    });
  }

  function openField(name: ProfileField) {
    setField(name);
    setFieldValue(current[name]);
    setFieldError(null);
    setSuccess(null);
  }

  function onSubmitField(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!field) return;
    const message = singleFieldError(current, field, fieldValue);
    setFieldError(message);
    if (message) return;
    const value = field === 'mobileNo' ? (normalizeMobile(fieldValue) ?? fieldValue) : fieldValue.trim();
    update.submit({ ...current, [field]: value });
  }

  const rows: readonly { name: string; value: string; edit?: ProfileField; testId: string }[] = [
    { name: t('profile.playerId'), value: String(data.playerId), testId: 'profile-player-id' },
    { name: label('firstName'), value: data.firstName, edit: 'firstName', testId: 'profile-first-name' },
    { name: label('lastName'), value: data.lastName, edit: 'lastName', testId: 'profile-last-name' },
    { name: label('mobileNo'), value: data.mobileNo, edit: 'mobileNo', testId: 'profile-mobile' },
    { name: t('profile.balance'), value: balanceText('credit'), testId: 'profile-balance' },
    { name: label('email'), value: data.emailAddress ?? t('profile.noEmail'), edit: 'email', testId: 'profile-email' },
  ];

  return (
    <section className="card profile" aria-label={t('profile.details')}>
      {success ? (
        <Alert tone="success">
          <span data-testid="profile-success">{messageText(success)}</span>
        </Alert>
      ) : null}
      {editing && form ? (
        <form noValidate onSubmit={onSubmitForm} data-testid="profile-form">
          {FORM_FIELDS.map((name) => (
            <TextField
              key={name}
              label={label(name)}
              name={name}
              type={name === 'email' ? 'email' : 'text'}
              inputMode={name === 'email' ? 'email' : undefined}
              autoComplete={name === 'email' ? 'email' : name === 'firstName' ? 'given-name' : 'family-name'}
              maxLength={name === 'email' ? 254 : 60}
              value={form[name]}
              onChange={(event) => {
                const value = event.target.value;
                setForm((before) => (before ? { ...before, [name]: value } : before));
                setFormErrors((before) => ({ ...before, [name]: undefined }));
              }}
              error={formErrors[name] ? messageText(formErrors[name]) : undefined}
              autoFocus={name === 'firstName'}
            />
          ))}
          <div className="form-actions">
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={update.isPending}>
              {t('profile.save')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="profile__list">
            {rows.map(({ name, value, edit, testId }) => (
              <div key={testId} className="profile__row">
                <dt>{name}</dt>
                <dd>
                  <span data-testid={testId} className="profile__value">
                    {value}
                  </span>
                  {edit ? (
                    <button
                      type="button"
                      className="link-button"
                      aria-label={t('profile.editField', { field: name })}
                      onClick={() => openField(edit)}
                    >
                      {t('profile.edit')}
                    </button>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
          <p className="profile__note">{t('profile.contactAdmin')}</p>
          <Button variant="primary" block onClick={startEdit}>
            {t('profile.editProfile')}
          </Button>
        </>
      )}

      <Dialog
        open={field !== null}
        onClose={() => setField(null)}
        title={field ? t('profile.editField', { field: label(field) }) : ''}
        closeLabel={t('common.close')}
        testId="profile-field-dialog"
      >
        {field ? (
          <form noValidate onSubmit={onSubmitField}>
            <TextField
              label={label(field)}
              name={field}
              type={field === 'email' ? 'email' : field === 'mobileNo' ? 'tel' : 'text'}
              inputMode={field === 'email' ? 'email' : field === 'mobileNo' ? 'tel' : undefined}
              value={fieldValue}
              onChange={(event) => {
                setFieldValue(event.target.value);
                setFieldError(null);
              }}
              error={fieldError ? messageText(fieldError) : undefined}
              data-autofocus
            />
            <Button type="submit" variant="primary" block busy={update.isPending}>
              {t('profile.save')}
            </Button>
          </form>
        ) : null}
      </Dialog>

      <Dialog
        open={otpFor !== null}
        onClose={() => setOtpFor(null)}
        title={t('profile.otpTitle')}
        closeLabel={t('common.close')}
        testId="profile-otp-dialog"
      >
        {otpFor ? (
          <OtpForm
            type="M"
            intro={t('profile.otpIntro', { mobile: maskMobile(otpFor) })}
            note={PlayerMessages.mobileChangeOtpSent}
            verify={async (otp) => {
              const updated = await userRequest(UserRoutes.otp, { otp, type: 'M' });
              queryClient.setQueryData(playerQueryKeys.profile, updated);
              setOtpFor(null);
              setSuccess(PlayerMessages.mobileChanged);
            }}
          />
        ) : null}
      </Dialog>
      <LoadingDialog open={update.isPending} label={t('auth.loading')} />
    </section>
  );
}
