import { useId, useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@karera/shared';
import { Alert, Button, SelectField, TextField } from '../../../components/ui/index.ts';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { localizeMessage, useT } from '../../i18n/useT.ts';
import { useCreateStaffMutation } from './staff.api.ts';
import {
  checkStaff,
  createdText,
  EMPTY_STAFF_DRAFT,
  hasReferralCode,
  needsMobile,
  needsParent,
  type StaffDraft,
  type StaffField,
} from './staffForm.ts';

function isStaffRole(value: string): value is StaffRole {
  return STAFF_ROLES.some((role) => role === value);
}

export function CreateStaffForm({
  masterAgents,
  masterAgentsLoading,
}: {
  masterAgents: readonly StaffMember[];
  masterAgentsLoading: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const [draft, setDraft] = useState<StaffDraft>(EMPTY_STAFF_DRAFT);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<StaffField, string>>>({});
  const [created, setCreated] = useState<string | null>(null);
  const create = useCreateStaffMutation();

  function update<K extends StaffField>(field: K, value: StaffDraft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setCreated(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setCreated(null);
    const check = checkStaff(draft);
    if (!check.ok) {
      setFieldErrors(check.fieldErrors);
      create.reset();
      return;
    }
    setFieldErrors({});
    create.mutate(check.body, {
      onSuccess: (body) => {
        setDraft(EMPTY_STAFF_DRAFT);
        setCreated(createdText(t, body));
      },
      onError: (error) => setFieldErrors(serverFieldErrors(t, error)),
    });
  }

  const error = (field: StaffField) => {
    const message = fieldErrors[field];
    return message ? localizeMessage(t, message) : undefined;
  };
  // A refusal already shown beside its field is not repeated above the form.
  const serverMessage = create.isError ? errorText(t, create.error) : null;
  const formError = serverMessage && !Object.values(fieldErrors).includes(serverMessage) ? serverMessage : null;
  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const parentOptions = masterAgents.map((m) => ({ value: String(m.id), label: `${m.displayName} (${m.username})` }));

  return (
    <section className="card bo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.createTitle')}</h2>
      <div aria-live="polite">{created ? <Alert tone="success">{created}</Alert> : null}</div>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('staff.username')}
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('staff.usernameHint')}
          value={draft.username}
          error={error('username')}
          onChange={(event) => update('username', event.target.value)}
        />
        <TextField
          label={t('staff.displayName')}
          name="displayName"
          autoComplete="off"
          value={draft.displayName}
          error={error('displayName')}
          onChange={(event) => update('displayName', event.target.value)}
        />
        <TextField
          label={t('staff.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('staff.passwordHint')}
          value={draft.password}
          error={error('password')}
          onChange={(event) => update('password', event.target.value)}
        />
        <SelectField
          label={t('staff.role')}
          name="role"
          options={roleOptions}
          value={draft.role}
          error={error('role')}
          onChange={(event) => {
            if (isStaffRole(event.target.value)) update('role', event.target.value);
          }}
        />
        <TextField
          label={
            needsMobile(draft.role)
              ? t('staffAccess.mobile')
              : `${t('staffAccess.mobile')} ${t('staffAccess.optional')}`
          }
          name="mobileNo"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint={t('staffAccess.mobileHint')}
          value={draft.mobileNo}
          error={error('mobileNo')}
          onChange={(event) => update('mobileNo', event.target.value)}
        />
        {needsParent(draft.role) ? (
          <>
            <SelectField
              label={t('staff.parent')}
              name="parentId"
              options={parentOptions}
              placeholder={t('staff.parentPlaceholder')}
              value={draft.parentId}
              error={error('parentId')}
              onChange={(event) => update('parentId', event.target.value)}
            />
            {!masterAgentsLoading && masterAgents.length === 0 ? (
              <p className="field__hint bo-hint-after">{t('staff.noMasterAgents')}</p>
            ) : null}
          </>
        ) : null}
        {hasReferralCode(draft.role) ? (
          <TextField
            label={t('staff.referralCode')}
            name="referralCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint={t('staff.referralCodeHint')}
            value={draft.referralCode}
            error={error('referralCode')}
            onChange={(event) => update('referralCode', event.target.value)}
          />
        ) : null}
        <Button type="submit" busy={create.isPending}>
          {t('staff.submit')}
        </Button>
      </form>
    </section>
  );
}
