import { useId, useState, type FormEvent } from 'react';
import type { Race } from '@karera/shared';
import { Alert, Button, TextField } from '../../../components/ui/index.ts';
import { errorText, serverFieldErrors } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { useUpdateRaceMutation } from './raceday.api.ts';

/**
 * A race's replay video (issue 34 §4): an HLS address from the allowed stream hosts, shown to players on the
 * race's replay page once the race is finished. Empty removes it.
 */
export function ReplayVideoForm({ race }: { race: Race }) {
  const t = useT();
  const id = useId();
  const update = useUpdateRaceMutation(race.raceId);
  const [url, setUrl] = useState(race.replayUrl ?? '');
  const [saved, setSaved] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setSaved(null);
    update.mutate(
      { replayUrl: url.trim() },
      { onSuccess: (answer) => setSaved(answer.race.replayUrl ? t('race.replaySaved') : t('race.replayRemoved')) },
    );
  }

  const fieldError = update.isError ? serverFieldErrors(t, update.error).replayUrl : undefined;
  const formError = update.isError && !fieldError ? errorText(t, update.error) : null;
  return (
    <form onSubmit={submit} noValidate className="bo-form" data-testid="replay-video-form">
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        id={`${id}-replay`}
        label={t('race.replayUrl')}
        hint={t('race.replayHint')}
        type="url"
        inputMode="url"
        value={url}
        error={fieldError}
        onChange={(event) => {
          setSaved(null);
          setUrl(event.target.value);
        }}
      />
      <Button type="submit" variant="secondary" busy={update.isPending}>
        {t('race.replaySave')}
      </Button>
    </form>
  );
}
