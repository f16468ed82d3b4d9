import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatPeso,
  KYC_DECLARATIONS,
  KYC_ID_TYPE_LABELS,
  KYC_ID_TYPES,
  KycMessages,
  KycOperations,
  kycSubmissionSchema,
  type KycDeclaration,
  type KycIdType,
  type KycPhotoKind,
} from '@karera/shared';
import { Alert, Button, ButtonLink, Page, SelectField, Spinner, TextField } from '../../components/ui/index.ts';
import { ApiError } from '../../lib/api.ts';
import { callOperation } from '../../lib/callOperation.ts';
import { PLAYER_QUERY_ROOT } from '../../lib/queryKeys.ts';
import { useRouteTitle } from '../../lib/useRouteTitle.ts';
import { useKycT, type KycTextKey } from './kycI18n.ts';
import { PhotoField } from '../../components/forms/PhotoField.tsx';
import './kyc.css';

const statusQuery = {
  queryKey: [...PLAYER_QUERY_ROOT, 'kyc', 'status'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callOperation(KycOperations.status, { signal }),
};

/** The local text of a refusal the server words (so a Filipino reader reads it in Filipino). */
function messageKeyOf(message: string): KycTextKey | null {
  const entry = Object.entries(KycMessages).find(([, text]) => text === message);
  return entry ? (`messages.${entry[0]}` as KycTextKey) : null;
}

async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: one call with millions of arguments would overflow the stack.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** Why and when a player verifies, with the deposit total (centavos) the server is configured with. */
export function KycIntro({ depositThreshold }: { depositThreshold: number }) {
  const tk = useKycT();
  return <p data-testid="kyc-intro">{tk('intro', { threshold: formatPeso(depositThreshold) })}</p>;
}

const isIdType = (value: string): value is KycIdType => KYC_ID_TYPES.some((type) => type === value);
const allDeclared = (declared: Record<KycDeclaration, boolean>): declared is Record<KycDeclaration, true> =>
  KYC_DECLARATIONS.every((name) => declared[name]);

/** Verify identity (/verify, issue 22): the player's status and, when they may submit, the form. */
export function VerifyIdentityPage() {
  const tk = useKycT();
  const title = useRouteTitle();
  const status = useQuery(statusQuery);
  return (
    <Page title={title} testId="verify-identity">
      {status.isPending ? (
        <Spinner label={tk('loading')} />
      ) : status.isError ? (
        <Alert tone="error">
          {tk('loadError')}{' '}
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {tk('retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <KycIntro depositThreshold={status.data.depositThreshold} />
          <section className="card" aria-labelledby="kyc-status" data-testid="kyc-status">
            <h2 id="kyc-status">
              {tk('statusLabel')}: <span data-status={status.data.status}>{tk(`status.${status.data.status}`)}</span>
            </h2>
            <p>{tk(`statusHelp.${status.data.status}`)}</p>
            {status.data.reason ? (
              <p>
                <strong>{tk('reasonLabel')}:</strong> {status.data.reason}
              </p>
            ) : null}
            {status.data.status === 'verified' ? (
              <ButtonLink to="/payment?type=withdraw">{tk('backToWithdraw')}</ButtonLink>
            ) : null}
          </section>
          {status.data.status === 'none' || status.data.status === 'resubmit' ? <VerificationForm /> : null}
        </>
      )}
    </Page>
  );
}

type Photos = Record<KycPhotoKind, File | null>;
type Errors = Partial<Record<string, string>>;

function VerificationForm() {
  const tk = useKycT();
  const queryClient = useQueryClient();
  const [legalName, setLegalName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [idType, setIdType] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [photos, setPhotos] = useState<Photos>({ idPhoto: null, selfie: null });
  const [declared, setDeclared] = useState<Record<KycDeclaration, boolean>>({
    notStudent: false,
    notGovernmentOfficial: false,
    notMilitaryOrPolice: false,
    notRacingEmployee: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const text = (message: string) => {
    const key = messageKeyOf(message);
    return key ? tk(key) : message;
  };

  const submit = useMutation({
    mutationFn: async () => {
      const [idPhoto, selfie] = await Promise.all([
        photos.idPhoto ? fileToBase64(photos.idPhoto) : '',
        photos.selfie ? fileToBase64(photos.selfie) : '',
      ]);
      // validate() checked the fields before sending: here the inputs' text and booleans narrow to what the
      // operation takes (an ID type of the list, every declaration made).
      if (!isIdType(idType) || !allDeclared(declared)) throw new Error('the form was not checked');
      return callOperation(KycOperations.submit, {
        body: { legalName, dateOfBirth, idType, idNumber, idPhoto, selfie, declarations: declared },
      });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setFormError(tk('failed'));
        return;
      }
      setErrors(
        Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field, text(message)])),
      );
      setFormError(text(error.message));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusQuery.queryKey }),
  });

  function validate(): Errors {
    const found: Errors = {};
    // The text fields by the server's own rules (the shared schema), with its messages in the page's language.
    const check = (name: 'legalName' | 'dateOfBirth' | 'idType' | 'idNumber', value: string) => {
      const checked = kycSubmissionSchema.shape[name].safeParse(value);
      if (!checked.success) found[name] = text(checked.error.issues[0]?.message ?? tk('failed'));
    };
    check('legalName', legalName);
    check('dateOfBirth', dateOfBirth);
    check('idType', idType);
    check('idNumber', idNumber);
    if (!photos.idPhoto) found.idPhoto = tk('messages.idPhotoRequired');
    if (!photos.selfie) found.selfie = tk('messages.selfieRequired');
    if (KYC_DECLARATIONS.some((name) => !declared[name])) found.declarations = tk('messages.declarationRequired');
    return found;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    const first = Object.keys(found)[0];
    if (first) {
      const element = event.currentTarget.elements.namedItem(first === 'declarations' ? 'notStudent' : first);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    submit.mutate();
  }

  return (
    <form className="card kyc-form" noValidate onSubmit={onSubmit} aria-labelledby="kyc-form-title">
      <h2 id="kyc-form-title" className="visually-hidden">
        {tk('submit')}
      </h2>
      <TextField
        name="legalName"
        label={tk('legalName')}
        hint={tk('legalNameHint')}
        autoComplete="name"
        value={legalName}
        error={errors.legalName}
        onChange={(event) => setLegalName(event.target.value)}
      />
      <TextField
        name="dateOfBirth"
        type="date"
        label={tk('dateOfBirth')}
        autoComplete="bday"
        value={dateOfBirth}
        error={errors.dateOfBirth}
        onChange={(event) => setDateOfBirth(event.target.value)}
      />
      <SelectField
        name="idType"
        label={tk('idType')}
        placeholder={tk('idTypePlaceholder')}
        options={KYC_ID_TYPES.map((value) => ({ value, label: KYC_ID_TYPE_LABELS[value] }))}
        value={idType}
        error={errors.idType}
        onChange={(event) => setIdType(event.target.value)}
      />
      <TextField
        name="idNumber"
        label={tk('idNumber')}
        autoComplete="off"
        value={idNumber}
        error={errors.idNumber}
        onChange={(event) => setIdNumber(event.target.value)}
      />
      <PhotoField
        name="idPhoto"
        label={tk('idPhoto')}
        hint={tk('idPhotoHint')}
        previewLabel={tk('idPhotoPreview')}
        file={photos.idPhoto}
        error={errors.idPhoto}
        onChange={(file) => setPhotos((p) => ({ ...p, idPhoto: file }))}
      />
      <PhotoField
        name="selfie"
        label={tk('selfie')}
        hint={tk('selfieHint')}
        previewLabel={tk('selfiePreview')}
        file={photos.selfie}
        error={errors.selfie}
        onChange={(file) => setPhotos((p) => ({ ...p, selfie: file }))}
      />
      <fieldset
        className="kyc-declarations"
        aria-describedby={errors.declarations ? 'kyc-declarations-error' : undefined}
      >
        <legend>{tk('declarationsLegend')}</legend>
        {KYC_DECLARATIONS.map((name) => (
          <label key={name} className="kyc-declaration">
            <input
              type="checkbox"
              name={name}
              checked={declared[name]}
              onChange={(event) => setDeclared((d) => ({ ...d, [name]: event.target.checked }))}
            />{' '}
            {tk(`declarations.${name}`)}
          </label>
        ))}
        {errors.declarations ? (
          <span id="kyc-declarations-error" className="field__error" role="alert">
            {errors.declarations}
          </span>
        ) : null}
      </fieldset>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Button type="submit" block disabled={submit.isPending}>
        {submit.isPending ? tk('submitting') : tk('submit')}
      </Button>
    </form>
  );
}
