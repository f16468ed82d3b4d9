import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameEvent } from '@karera/shared';
import { channelEmbedUrl, HLS_MIME_TYPE, streamSourceOf } from './stream.ts';

/** Whether this browser plays HLS by itself (Safari, Chrome on Android); no hls.js yet. */
function canPlayHlsNatively(): boolean {
  if (typeof document === 'undefined') return false;
  return document.createElement('video').canPlayType(HLS_MIME_TYPE) !== '';
}

/**
 * The stream area (spec §2, §7): a poster until the race day has a stream; an HLS address plays in a
 * <video> where the browser supports it natively, else it opens in a new tab; a channel name plays in
 * the provider's embedded player.
 */
export function StreamArea({ event }: { event: GameEvent }) {
  const { t } = useTranslation();
  const source = streamSourceOf(event.streamUrl);
  const [nativeHls] = useState(canPlayHlsNatively);

  let body;
  if (source.kind === 'channel') {
    body = (
      <iframe
        className="stream__frame"
        src={channelEmbedUrl(source.channel, window.location.hostname)}
        title={t('live.streamFrame', { arena: event.arena })}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
      />
    );
  } else if (source.kind === 'hls' && nativeHls) {
    body = (
      <video
        className="stream__video"
        src={source.url}
        aria-label={t('live.streamFrame', { arena: event.arena })}
        controls
        autoPlay
        muted
        playsInline
      />
    );
  } else if (source.kind === 'hls') {
    body = (
      <div className="stream__poster">
        <p className="stream__arena">{event.arena}</p>
        <p className="stream__text">{t('live.streamUnsupported')}</p>
        <a className="stream__link" href={source.url} target="_blank" rel="noopener noreferrer">
          {t('live.streamOpen')} <span className="visually-hidden">{t('live.newTab')}</span>
        </a>
      </div>
    );
  } else {
    body = (
      <div className="stream__poster" data-testid="stream-poster">
        <p className="stream__arena">{event.arena}</p>
        <p className="stream__text">{t('live.streamSoon')}</p>
      </div>
    );
  }

  return (
    <section className="stream" aria-label={t('live.stream')}>
      {body}
    </section>
  );
}
