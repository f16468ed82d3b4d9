import { useState, type ChangeEvent } from 'react';
import { Alert, Button } from '../../../components/ui/index.ts';
import { ChannelImage } from '../../../components/payment/ChannelImage.tsx';
import type { ChannelRef } from '../../../components/payment/channelBadge.ts';
import { errorText } from '../../lib/errors.ts';
import { useT } from '../../i18n/useT.ts';
import { CHANNEL_IMAGE_ACCEPT, channelImageFileRefusal, readAsBase64 } from './channelImageFile.ts';

export interface ChannelImageFieldProps {
  channel: ChannelRef;
  /** What the image belongs to, read out with the controls (e.g. "GCash · Karera One"). */
  name: string;
  imageUrl: string | null;
  /** Sends an upload (base64) or null (back to the built-in badge). */
  save: (image: string | null, done: { onSuccess: () => void }) => void;
  busy: boolean;
  error: unknown;
  testId: string;
}

/**
 * A channel's image in the back office: the one players see (the upload or the built-in badge), a file
 * picker that sends a new one at once, and a way back to the badge.
 */
export function ChannelImageField({ channel, name, imageUrl, save, busy, error, testId }: ChannelImageFieldProps) {
  const t = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  function send(image: string | null) {
    setSaved(false);
    save(image, { onSuccess: () => setSaved(true) });
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = channelImageFileRefusal(file);
    setRefusal(problem);
    setSaved(false);
    if (problem) return;
    try {
      send(await readAsBase64(file));
    } catch {
      setRefusal(t('payments.imageUnreadable'));
    }
  }

  return (
    <div className="bo-channel-image" data-testid={testId}>
      <ChannelImage channel={channel} imageUrl={imageUrl} size={48} />
      <div className="bo-channel-image__controls">
        <div className="bo-actions">
          <label className="btn btn--secondary btn--sm bo-channel-image__upload">
            {t('payments.imageUpload')}
            <span className="visually-hidden"> {name}</span>
            <input
              type="file"
              accept={CHANNEL_IMAGE_ACCEPT}
              className="visually-hidden"
              disabled={busy}
              onChange={(event) => void onFile(event)}
            />
          </label>
          {imageUrl ? (
            <Button size="sm" variant="secondary" busy={busy} onClick={() => send(null)}>
              {t('payments.imageDefault')}
              <span className="visually-hidden"> {name}</span>
            </Button>
          ) : (
            <span className="bo-muted">{t('payments.imageBuiltIn')}</span>
          )}
        </div>
        <p role="status" className="bo-muted bo-channel-image__status">
          {busy ? t('payments.imageSaving') : saved ? t('payments.imageSaved') : ''}
        </p>
        {refusal ? <Alert tone="error">{refusal}</Alert> : null}
        {!refusal && error ? <Alert tone="error">{errorText(t, error)}</Alert> : null}
      </div>
    </div>
  );
}
