import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ReplayOperations, type Race, type RaceReplayResponse } from '@karera/shared';
import { RaceDrawing } from '../../components/drawnRace/RaceDrawing.tsx';
import { HlsVideo } from '../../components/video/HlsVideo.tsx';
import { Alert, Button, ButtonLink, Page, Spinner } from '../../components/ui/index.ts';
import { ApiError } from '../../lib/api.ts';
import { callOperation } from '../../lib/callOperation.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { minutesSeconds, REPLAY_SPEEDS, ReplayClock, type ReplaySpeed } from './replayClock.ts';
import { useReplayT } from './replayI18n.ts';
import './replay.css';

function raceIdOf(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2 ** 31 - 1 ? id : null;
}

const isNotFound = (error: Error | null) =>
  error instanceof ApiError && (error.httpStatus === 404 || error.statusCode === 404);

/**
 * A finished race again (/replay/:raceId, issue 34 §4): a demo race drawn from its recorded run as /live drew
 * it, with pause, speed (0.5x, 1x, 2x) and restart; an operator's race shows its replay video.
 */
export function ReplayPage() {
  const t = useReplayT();
  const { t: siteT } = useTranslation();
  const raceId = raceIdOf(useParams().raceId);
  const replay = useQuery({
    queryKey: ['replay', raceId ?? 0] as const,
    queryFn: ({ signal }) => callOperation(ReplayOperations.raceReplay, { params: { raceId: raceId ?? 0 }, signal }),
    enabled: raceId !== null,
    staleTime: Infinity,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
  const title = replay.data ? t('title', { raceNo: replay.data.raceNo }) : siteT('common.brand');
  useDocumentTitle(siteT('common.documentTitle', { title }));

  let body;
  if (raceId === null || isNotFound(replay.error)) {
    body = <Alert tone="info">{t('notFound')}</Alert>;
  } else if (replay.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (replay.isError) {
    body = (
      <div className="replay__state">
        <Alert tone="error">{t('error')}</Alert>
        <Button variant="secondary" onClick={() => void replay.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    body = <Replay replay={replay.data} />;
  }
  return (
    <Page title={title} testId="replay-page" className="replay">
      {body}
    </Page>
  );
}

function raceOf(replay: RaceReplayResponse): Race {
  return {
    raceId: replay.raceId,
    eventId: replay.eventId,
    raceNo: replay.raceNo,
    status: 'D',
    startDateTime: '',
    enabledBetTypes: [],
    runners: replay.runners.map((runner) => ({ ...runner, odds: null })),
  };
}

function Replay({ replay }: { replay: RaceReplayResponse }) {
  const t = useReplayT();
  return (
    <>
      <p className="replay__subtitle">{t('subtitle', { event: replay.eventName, date: replay.raceDate })}</p>
      {replay.videoUrl ? (
        <section className="replay__section" aria-label={t('videoTitle')}>
          <div className="replay__stage">
            <HlsVideo
              url={replay.videoUrl}
              label={t('video', { raceNo: replay.raceNo, event: replay.eventName })}
              arena={replay.eventName}
            />
          </div>
        </section>
      ) : null}
      {replay.run ? <DrawnReplay replay={replay} run={replay.run} /> : null}
      <p className="replay__links">
        <ButtonLink variant="secondary" size="sm" to={`/result?event=${replay.eventId}&raceId=${replay.raceId}`}>
          {t('results')}
        </ButtonLink>
      </p>
    </>
  );
}

function DrawnReplay({ replay, run }: { replay: RaceReplayResponse; run: NonNullable<RaceReplayResponse['run']> }) {
  const t = useReplayT();
  const [clock] = useState(() => new ReplayClock(() => performance.now()));
  const [paused, setPaused] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const [take, setTake] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const race = useMemo(() => raceOf(replay), [replay]);
  const drawnRun = useMemo(() => ({ raceId: replay.raceId, startedAt: 0, ...run }), [replay.raceId, run]);

  // The time shown beside the controls, a few times a second (the drawing moves every frame by itself).
  useEffect(() => {
    const timer = setInterval(() => setElapsed(Math.min(run.durationMs, clock.now())), 200);
    return () => clearInterval(timer);
  }, [clock, run.durationMs]);

  function togglePause() {
    if (clock.paused) clock.play();
    else clock.pause();
    setPaused(clock.paused);
  }
  function changeSpeed(next: ReplaySpeed) {
    clock.setSpeed(next);
    setSpeed(next);
  }
  // From the off again; a paused replay stays paused at the start.
  function restart() {
    const wasPaused = clock.paused;
    clock.restart();
    if (wasPaused) clock.pause();
    setElapsed(0);
    setTake((n) => n + 1);
  }

  return (
    <section
      className="replay__section"
      aria-label={t('drawnTitle')}
      data-testid="drawn-replay"
      data-state={paused ? 'paused' : 'playing'}
      data-speed={speed}
    >
      <div className="replay__stage">
        <RaceDrawing key={take} race={race} run={drawnRun} clock={clock.now} />
      </div>
      <div className="replay__controls" role="group" aria-label={t('controls')}>
        <Button size="sm" variant="primary" onClick={togglePause} data-testid="replay-pause">
          {paused ? t('play') : t('pause')}
        </Button>
        <Button size="sm" variant="secondary" onClick={restart} data-testid="replay-restart">
          {t('restart')}
        </Button>
        <div className="replay__speeds" role="group" aria-label={t('speed')}>
          {REPLAY_SPEEDS.map((value) => (
            <button
              key={value}
              type="button"
              className="replay__speed"
              aria-pressed={speed === value}
              onClick={() => changeSpeed(value)}
            >
              {t('speedValue', { speed: value })}
            </button>
          ))}
        </div>
        <p className="replay__time" data-testid="replay-time">
          {t('elapsed', { elapsed: minutesSeconds(elapsed), total: minutesSeconds(run.durationMs) })}
        </p>
      </div>
    </section>
  );
}
