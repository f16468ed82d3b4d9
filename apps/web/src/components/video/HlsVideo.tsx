import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The type of an HLS playlist. */
export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

/** Whether this browser plays HLS by itself (Safari, Chrome on Android). */
function canPlayHlsNatively(): boolean {
  return document.createElement('video').canPlayType(HLS_MIME_TYPE) !== '';
}

/**
 * An HLS stream in a <video>: natively where the browser can, else through hls.js, loaded only when
 * a stream needs it (it stays out of every other page's bundle). A stream that cannot play offers its
 * address instead.
 */
export function HlsVideo({ url, label, arena }: { url: string; label: string; arena: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (canPlayHlsNatively()) {
      element.src = url;
      return;
    }
    let destroy: (() => void) | undefined;
    let cancelled = false;
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        // No worker: the page's content security policy allows scripts from this site only.
        const hls = new Hls({ enableWorker: false, lowLatencyMode: true });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url]);

  if (failed) {
    return (
      <div className="stream__poster" data-testid="stream-failed">
        <p className="stream__arena">{arena}</p>
        <p className="stream__text">{t('live.streamUnsupported')}</p>
        <a className="stream__link" href={url} target="_blank" rel="noopener noreferrer">
          {t('live.streamOpen')} <span className="visually-hidden">{t('live.newTab')}</span>
        </a>
      </div>
    );
  }
  return (
    <video
      ref={video}
      className="stream__video"
      data-testid="stream-video"
      aria-label={label}
      controls
      autoPlay
      muted
      playsInline
      onError={() => setFailed(true)}
    />
  );
}
