import { useState } from 'react';
import { Alert, Button } from '../../../components/ui/index.ts';
import { useT } from '../../i18n/useT.ts';

/** Recovery codes shown once, with copy and download, and the button that says they are kept. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved?: () => void }) {
  const t = useT();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = `${codes.join('\n')}\n`;

  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('security.recovery.fileName');
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className="bo-recovery">
      <p>{t('security.recovery.intro')}</p>
      <ul className="bo-recovery__codes" aria-label={t('security.recovery.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="bo-recovery__actions">
        <Button variant="secondary" onClick={() => void copyCodes()}>
          {t('security.recovery.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('security.recovery.download')}
        </Button>
      </div>
      <div aria-live="polite">
        {copy === 'copied' ? <Alert tone="success">{t('security.recovery.copied')}</Alert> : null}
        {copy === 'failed' ? <Alert tone="error">{t('security.recovery.copyFailed')}</Alert> : null}
      </div>
      {onSaved ? (
        <Button block onClick={onSaved}>
          {t('security.recovery.saved')}
        </Button>
      ) : null}
    </div>
  );
}
