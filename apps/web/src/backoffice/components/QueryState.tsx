import { Alert, Button, Spinner } from '../../components/ui/index.ts';
import { errorText, isForbidden, isNotFound } from '../lib/errors.ts';
import { useT } from '../i18n/useT.ts';

export function LoadingBlock() {
  const t = useT();
  return (
    <div className="bo-state">
      <Spinner label={t('app.loading')} />
    </div>
  );
}

/** A failed load: the reason, and a way to try again unless trying again cannot help (403, 404). */
export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  const retryable = !isForbidden(error) && !isNotFound(error);
  return (
    <div className="bo-state bo-state--error">
      <Alert tone="error">{errorText(t, error)}</Alert>
      {onRetry && retryable ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyBlock({ text }: { text: string }) {
  return <p className="bo-state bo-state--empty">{text}</p>;
}
