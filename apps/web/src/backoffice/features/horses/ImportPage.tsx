import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MAX_IMPORT_CHARS, FormAdminMessages } from '@karera/shared';
import { Alert, Button } from '../../../components/ui/index.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { useImportCardMutation } from './horses.api.ts';
import './records.css';

/** Admin: a card with its runners and past form from a CSV file; a file with errors lists them by line. */
export function ImportPage() {
  const t = useT();
  const formatId = useId();
  const fileId = useId();
  const resultId = useId();
  const upload = useImportCardMutation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) {
      setFileError(t('records.import.pickFile'));
      document.getElementById(fileId)?.focus();
      return;
    }
    // The server bounds the size too; a file far too large is not even read here.
    if (file.size > MAX_IMPORT_CHARS * 4) {
      setFileError(FormAdminMessages.importTooLarge);
      return;
    }
    setFileError(null);
    upload.mutate(await file.text(), {
      onSettled: () => requestAnimationFrame(() => document.getElementById(resultId)?.focus()),
    });
  }

  const answer = upload.data;
  return (
    <>
      <PageHeading title={t('records.import.title')}>
        <Link to="/horses" className="bo-back">
          {t('records.nav.horses')}
        </Link>
      </PageHeading>
      <p className="bo-muted">{t('records.import.intro')}</p>
      <div className="bo-records-layout">
        <section className="card bo-section" aria-labelledby={formatId}>
          <h2 id={formatId}>{t('records.import.title')}</h2>
          <p>{t('records.import.format')}</p>
          <p className="bo-import-format">{t('records.import.columns')}</p>
          <p className="bo-muted">{t('records.import.formatMore')}</p>
          <form className="bo-form" noValidate onSubmit={(event) => void submit(event)} data-testid="card-import-form">
            <div className="field">
              <label className="field__label" htmlFor={fileId}>
                {t('records.import.file')}
              </label>
              <input
                id={fileId}
                className="field__input"
                type="file"
                name="csv"
                accept=".csv,text/csv"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                  upload.reset();
                }}
              />
              <span id={`${fileId}-hint`} className="field__hint">
                {t('records.import.fileHint')}
              </span>
              {fileError ? (
                <span id={`${fileId}-error`} className="field__error" role="alert">
                  {fileError}
                </span>
              ) : null}
            </div>
            <Button type="submit" busy={upload.isPending}>
              {t('records.import.submit')}
            </Button>
          </form>
        </section>
        <div id={resultId} tabIndex={-1} data-testid="card-import-result">
          {upload.isError ? <Alert tone="error">{errorText(t, upload.error)}</Alert> : null}
          {answer && !answer.imported ? (
            <section className="card bo-section" aria-labelledby={`${resultId}-errors`}>
              <h2 id={`${resultId}-errors`}>{t('records.import.errorsTitle', { count: answer.errors.length })}</h2>
              <ol className="bo-import-errors" data-testid="card-import-errors">
                {answer.errors.map((error, index) => (
                  <li key={`${error.line}-${index}`}>
                    <span className="bo-import-errors__line">{t('records.import.line', { line: error.line })}</span>
                    {error.message}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {answer?.imported ? (
            <Alert tone="success">
              {t('records.import.done', {
                races: answer.races,
                runners: answer.runners,
                pastRuns: answer.pastRuns,
                horses: answer.horsesCreated,
              })}{' '}
              {answer.eventId !== null ? (
                <Link to={`/race-day/${answer.eventId}`}>{t('records.import.openCard')}</Link>
              ) : null}
            </Alert>
          ) : null}
        </div>
      </div>
    </>
  );
}
