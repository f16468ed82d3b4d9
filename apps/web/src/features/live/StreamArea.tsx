import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { channelEmbedUrl, type GameEvent } from '@karera/shared';
import { HlsVideo } from '../../components/video/HlsVideo.tsx';
import { DrawnRaceStage } from './drawnRace/DrawnRace.tsx';
import { streamSourceOf } from './stream.ts';

/**
 * The stream area (docs/product/screens.md#stream): an HLS address plays in a <video> (natively or through hls.js); a
 * channel name plays in the provider's embedded player. A race day without a stream (the demo's) shows
 * its race being run drawn (drawnRace/), and a poster while none is.
 */
export const StreamArea = memo(function StreamArea({ event }: { event: GameEvent }) {
  const { t } = useTranslation();
  const source = streamSourceOf(event.streamUrl);

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
  } else if (source.kind === 'hls') {
    body = <HlsVideo url={source.url} label={t('live.streamFrame', { arena: event.arena })} arena={event.arena} />;
  } else {
    const poster = (
      <div className="stream__poster" data-testid="stream-poster">
        <p className="stream__arena">{event.arena}</p>
        <p className="stream__text">{t('live.streamSoon')}</p>
      </div>
    );
    body = <DrawnRaceStage event={event} poster={poster} />;
  }

  return (
    <section className="stream" aria-label={t('live.stream')}>
      {body}
    </section>
  );
});
