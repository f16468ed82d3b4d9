import type { FormEvent } from 'react';
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
import { useFieldForm } from '../../components/forms/useFieldForm.ts';
import { useMessageText } from '../../lib/messages.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { ContactChannels } from './ContactChannels.tsx';

type FormValues = Record<keyof ContactMessageInput, string>;
type FieldName = keyof FormValues;

const EMPTY: FormValues = { name: '', email: '', reason: '', notes: '' };
const FIELD_ORDER: readonly FieldName[] = ['name', 'email', 'reason', 'notes'];
const FIELD_NAMES: ReadonlySet<string> = new Set(FIELD_ORDER);
type FieldErrors = Partial<Record<FieldName, string>>;

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
  const form = useFieldForm(EMPTY, messageText, () => {
    if (submit.isSuccess) submit.reset();
  });
  const { values, setValues, setErrors } = form;

  const submit = useMutation({
    mutationFn: (input: ContactMessageInput) => publicRequest(PublicRoutes.contact, input),
    onSuccess: () => {
      setValues(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const fromServer: FieldErrors = {};
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          if (isFieldName(key)) fromServer[key] = message;
        }
        setErrors(fromServer);
      }
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error);
      const next: FieldErrors = {};
      for (const name of FIELD_ORDER) if (fields[name]) next[name] = fields[name];
      setErrors(next);
      submit.reset();
      form.focusField(FIELD_ORDER.find((name) => next[name]));
      return;
    }
    setErrors({});
    submit.mutate(parsed.data);
  }

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
        <form ref={form.formRef} noValidate onSubmit={onSubmit}>
          <TextField label={t('contact.name')} {...form.field('name')} autoComplete="name" maxLength={100} />
          <TextField
            label={t('contact.email')}
            {...form.field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
          />
          <SelectField
            label={t('contact.reason')}
            {...form.field('reason')}
            placeholder={t('contact.reasonPlaceholder')}
            options={CONTACT_REASONS.map((reason) => ({ value: reason, label: t(`contact.reasons.${reason}`) }))}
          />
          <TextArea label={t('contact.notes')} {...form.field('notes')} maxLength={2000} />
          <Button type="submit" variant="primary" block busy={submit.isPending}>
            {submit.isPending ? t('contact.sending') : t('contact.submit')}
          </Button>
        </form>
      </section>
      <ContactChannels />
    </Page>
  );
}
