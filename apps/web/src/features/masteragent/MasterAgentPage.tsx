import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Messages,
  masterAgentPhotoError,
  MasterAgentOperations,
  StatusCode,
  type MasterAgentField,
  type MasterAgentPhotoKind,
  type MasterAgentTextFields,
} from '@karera/shared';
import { Alert, ButtonLink, Button, Page, Spinner, TextField } from '../../components/ui/index.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { callOperation } from '../../lib/callOperation.ts';
import { useMessageText } from '../../lib/messages.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { useSiteConfig } from '../../lib/siteConfig.ts';
import { useSubmitOnce } from '../../lib/useSubmitOnce.ts';
import {
  applicationBody,
  EMPTY_VALUES,
  fieldErrorsFromServer,
  fileToBase64,
  firstErrorField,
  masterAgentMessageKey,
  validateMasterAgentForm,
} from './masterAgentForm.ts';
import { useMasterAgentT } from './masterAgentI18n.ts';
import { PhotoField } from '../../components/forms/PhotoField.tsx';
import { useFieldForm } from '../../components/forms/useFieldForm.ts';
import './masteragent.css';

type Photos = Record<MasterAgentPhotoKind, File | null>;
const NO_PHOTOS: Photos = { selfie: null, govId: null };

/**
 * Master-agent registration (/masteragentregister, public): the application form
 * (docs/product/screens.md#master-agent-registration).
 */
export function MasterAgentPage() {
  const ta = useMasterAgentT();
  const title = useRouteTitle();
  const messageText = useMessageText();
  const [photos, setPhotos] = useState<Photos>(NO_PHOTOS);
  const [formError, setFormError] = useState<string | null>(null);
  // One key per content: a retry of the same application is recognised; any change makes a new one.
  const idempotencyKey = useRef(newIdempotencyKey());
  const successRef = useRef<HTMLHeadingElement>(null);

  const text = (message: string) => {
    const key = masterAgentMessageKey(message);
    return key ? ta(`messages.${key}`) : messageText(message);
  };
  const form = useFieldForm<MasterAgentTextFields, MasterAgentField>(EMPTY_VALUES, text, changed);
  const { values, setErrors, focusField, errorText } = form;

  const submit = useSubmitOnce({
    mutationFn: async () => {
      const [selfie, govId] = await Promise.all([
        photos.selfie ? fileToBase64(photos.selfie) : '',
        photos.govId ? fileToBase64(photos.govId) : '',
      ]);
      return callOperation(MasterAgentOperations.apply, {
        body: applicationBody(values, { selfie, govId }, idempotencyKey.current),
      });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setFormError(ta('failed'));
        return;
      }
      const fromServer = fieldErrorsFromServer(error.fieldErrors);
      const field = firstErrorField(fromServer);
      if (field) {
        setErrors(fromServer);
        setFormError(ta('fixErrors'));
        focusField(field);
        return;
      }
      const tooMany = error.statusCode === StatusCode.TOO_MANY_REQUESTS || error.httpStatus === 429;
      setFormError(tooMany ? messageText(Messages.tooManyRequests) : text(error.message));
    },
  });

  useEffect(() => {
    if (submit.isSuccess) successRef.current?.focus();
  }, [submit.isSuccess]);

  function changed() {
    idempotencyKey.current = newIdempotencyKey();
    setFormError(null);
  }

  function choosePhoto(kind: MasterAgentPhotoKind, file: File | null) {
    setPhotos((current) => ({ ...current, [kind]: file }));
    // A chosen file is checked at once: a wrong type or a photo too large is said before Submit.
    setErrors((current) => ({
      ...current,
      [kind]: file ? (masterAgentPhotoError(kind, file) ?? undefined) : undefined,
    }));
    changed();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const found = validateMasterAgentForm(values, photos);
    setErrors(found);
    const field = firstErrorField(found);
    if (field) {
      setFormError(null);
      focusField(field);
      return;
    }
    setFormError(null);
    submit.submit(undefined);
  }

  if (submit.isSuccess) {
    return (
      <Page title={title} className="page--narrow" testId="masteragent-page">
        <section className="card masteragent-success" aria-labelledby="masteragent-success-title">
          <h2 id="masteragent-success-title" className="card__title" ref={successRef} tabIndex={-1}>
            {ta('successTitle')}
          </h2>
          <p data-testid="masteragent-success">{text(submit.data.statusMessage)}</p>
          <p>{ta('successNext')}</p>
          <ButtonLink to="/" variant="secondary">
            {ta('backHome')}
          </ButtonLink>
        </section>
        <SupportContact />
      </Page>
    );
  }

  return (
    <Page title={title} className="page--narrow" testId="masteragent-page">
      <p className="page__lead">{ta('intro')}</p>
      <section className="card masteragent-form" aria-labelledby="masteragent-form-title">
        <h2 id="masteragent-form-title" className="card__title">
          {ta('formTitle')}
        </h2>
        {formError ? (
          <Alert tone="error">
            <span data-testid="masteragent-error">{formError}</span>
          </Alert>
        ) : null}
        <form ref={form.formRef} noValidate onSubmit={onSubmit}>
          <TextField
            label={ta('email')}
            {...form.field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
          />
          <fieldset className="masteragent-fieldset">
            <legend>{ta('fullName')}</legend>
            <div className="masteragent-names">
              <TextField
                label={ta('firstName')}
                {...form.field('firstName')}
                autoComplete="given-name"
                maxLength={60}
              />
              <TextField label={ta('lastName')} {...form.field('lastName')} autoComplete="family-name" maxLength={60} />
            </div>
          </fieldset>
          <TextField
            label={ta('username')}
            hint={ta('usernameHint')}
            {...form.field('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
          />
          <TextField
            label={ta('mobile')}
            hint={ta('mobileHint')}
            {...form.field('mobile')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
          />
          <TextField
            label={ta('telegram')}
            hint={ta('telegramHint')}
            {...form.field('telegram')}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
          />
          <PhotoField
            name="selfie"
            label={ta('selfie')}
            hint={ta('selfieHint')}
            previewLabel={ta('preview', { photo: ta('selfie') })}
            file={photos.selfie}
            error={errorText('selfie')}
            onChange={(file) => choosePhoto('selfie', file)}
          />
          <PhotoField
            name="govId"
            label={ta('govId')}
            hint={ta('govIdHint')}
            previewLabel={ta('preview', { photo: ta('govId') })}
            file={photos.govId}
            error={errorText('govId')}
            onChange={(file) => choosePhoto('govId', file)}
          />
          <Button type="submit" variant="primary" block busy={submit.isPending}>
            {submit.isPending ? ta('submitting') : ta('submit')}
          </Button>
        </form>
      </section>
      <SupportContact />
    </Page>
  );
}

/** The contact email shown on the form, from the site settings. */
function SupportContact() {
  const { t } = useTranslation();
  const ta = useMasterAgentT();
  const config = useSiteConfig();
  return (
    <section className="card masteragent-contact" aria-labelledby="masteragent-contact-title">
      <h2 id="masteragent-contact-title" className="card__title">
        {ta('contactTitle')}
      </h2>
      {config.isPending ? <Spinner label={ta('contactLoading')} /> : null}
      {config.isSuccess ? (
        <p>
          {ta('contactText')}{' '}
          <a href={`mailto:${config.data.supportEmail}`} data-testid="masteragent-contact-email">
            {config.data.supportEmail}
          </a>
        </p>
      ) : null}
      {config.isError ? <p>{t('common.loadError')}</p> : null}
    </section>
  );
}
