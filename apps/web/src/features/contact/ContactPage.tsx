import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_REASONS,
  Messages,
  PublicRoutes,
  StatusCode,
  contactMessageSchema,
  fieldErrorsOf,
  type ContactMessageInput,
} from '@karera/shared';
import { Alert, Button, Page, SelectField, TextArea, TextField } from '../../components/ui/index.ts';
import { ApiError } from '../../lib/api.ts';
import { publicRequest } from '../../lib/userApi.ts';
import { useMessageText } from '../../lib/messages.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { ContactChannels } from './ContactChannels.tsx';

type FormValues = Record<keyof ContactMessageInput, string>;
type FieldName = keyof FormValues;

const EMPTY: FormValues = { name: '', email: '', reason: '', notes: '' };
const FIELD_ORDER: readonly FieldName[] = ['name', 'email', 'reason', 'notes'];
const FIELD_NAMES: ReadonlySet<string> = new Set(FIELD_ORDER);

function isFieldName(key: string): key is FieldName {
  return FIELD_NAMES.has(key);
}

/** The message to show for a refused or failed submission. */
function errorMessageOf(error: Error): string {
  if (!(error instanceof ApiError)) return Messages.serverError;
  const tooMany = error.statusCode === StatusCode.TOO_MANY_REQUESTS || error.httpStatus === 429;
  if (tooMany && error.message === Messages.serverError) return Messages.tooManyRequests;
  return error.message;
}

/** Contact Us (/Contacts): the customer-service form and the other support channels. */
export function ContactPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const messageText = useMessageText();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const submit = useMutation({
    mutationFn: (input: ContactMessageInput) => publicRequest(PublicRoutes.contact, input),
    onSuccess: () => {
      setValues(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fromServer: Partial<Record<FieldName, string>> = {};
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          if (isFieldName(key)) fromServer[key] = message;
        }
        setErrors(fromServer);
      }
    },
  });

  function update(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (submit.isSuccess) submit.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error);
      const next: Partial<Record<FieldName, string>> = {};
      for (const name of FIELD_ORDER) if (fields[name]) next[name] = fields[name];
      setErrors(next);
      submit.reset();
      const first = FIELD_ORDER.find((name) => next[name]);
      if (first) {
        const element = formRef.current?.elements.namedItem(first);
        if (element instanceof HTMLElement) element.focus();
      }
      return;
    }
    setErrors({});
    submit.mutate(parsed.data);
  }

  const errorText = (field: FieldName) => {
    const message = errors[field];
    return message ? messageText(message) : undefined;
  };

  return (
    <Page title={title} className="page--narrow" testId="contact-page">
      <p className="page__lead">{t('contact.intro')}</p>
      <section className="card contact-form" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="card__title">
          {t('contact.formTitle')}
        </h2>
        {submit.isSuccess ? (
          <Alert tone="success">
            <span data-testid="contact-success">{messageText(submit.data.statusMessage)}</span>
          </Alert>
        ) : null}
        {submit.isError ? (
          <Alert tone="error">
            <span data-testid="contact-error">{messageText(errorMessageOf(submit.error))}</span>
          </Alert>
        ) : null}
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          <TextField
            label={t('contact.name')}
            name="name"
            autoComplete="name"
            maxLength={100}
            value={values.name}
            onChange={(event) => update('name', event.target.value)}
            error={errorText('name')}
          />
          <TextField
            label={t('contact.email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            error={errorText('email')}
          />
          <SelectField
            label={t('contact.reason')}
            name="reason"
            placeholder={t('contact.reasonPlaceholder')}
            options={CONTACT_REASONS.map((reason) => ({ value: reason, label: t(`contact.reasons.${reason}`) }))}
            value={values.reason}
            onChange={(event) => update('reason', event.target.value)}
            error={errorText('reason')}
          />
          <TextArea
            label={t('contact.notes')}
            name="notes"
            maxLength={2000}
            value={values.notes}
            onChange={(event) => update('notes', event.target.value)}
            error={errorText('notes')}
          />
          <Button type="submit" variant="primary" block busy={submit.isPending}>
            {submit.isPending ? t('contact.sending') : t('contact.submit')}
          </Button>
        </form>
      </section>
      <ContactChannels />
    </Page>
  );
}
