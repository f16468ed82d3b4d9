import { Alert } from '../ui/index.ts';
import { useMessageText } from '../../lib/messages.ts';

/** The one message of a refused form (the first failing rule, or the server's answer). */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  const messageText = useMessageText();
  if (message === null) return null;
  return (
    <div id={id}>
      <Alert tone="error">
        <span data-testid="form-error">{messageText(message)}</span>
      </Alert>
    </div>
  );
}
