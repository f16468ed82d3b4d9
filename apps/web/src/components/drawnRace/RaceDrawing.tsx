import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { MAX_PROGRESS, orderAt, progressAt, raceCourses, type Race } from '@karera/shared';
import { useDrawnRaceT } from './drawnRaceI18n.ts';
import {
  lanesOf,
  officialOrderOf,
  phaseOf,
  shareAt,
  shouldAnnounceLeader,
  steppedShare,
  type DrawnPhase,
  type DrawnRun,
} from './drawnRaceView.ts';
import { saddleClothOf } from './saddleCloth.ts';
import './drawnRace.css';

/** The drawing's own units (16:9, like the stream it stands in for). */
const WIDTH = 320;
const HEIGHT = 180;
const TRACK_TOP = 34;
// Below the track, a strip for the leader (or the badge).
const TRACK_BOTTOM = 158;
const START_X = 14;
const END_X = 308;
const CLOTH_W = 18;
/** A screen reader hears a new leader at most this often. */
const CALM_MS = 5_000;
/** With reduced motion the runners move in this many steps over the race. */
const STEPS = 12;

const xOf = (progress: number) => START_X + (progress / MAX_PROGRESS) * (END_X - START_X);
const FINISH_X = xOf(1);

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    () => false,
  );
}

/**
 * A demo race drawn from its run: runners in their saddle cloths from the start to the line, ending in the
 * order the run recorded, then the official result. `clock` is the time the drawing reads (Date.now() on
 * /live; a replay's own clock, which can pause and run faster or slower).
 */
export function RaceDrawing({ race, run, clock = Date.now }: { race: Race; run: DrawnRun; clock?: () => number }) {
  const t = useDrawnRaceT();
  const reducedMotion = usePrefersReducedMotion();
  const courses = useMemo(() => raceCourses(run), [run]);
  const lanes = useMemo(() => lanesOf(run.order), [run.order]);
  const svgRef = useRef<SVGSVGElement>(null);
  const glyphs = useRef(new Map<string, SVGGElement>());
  const [home, setHome] = useState(() => shareAt(run, clock()) >= 1);
  const [leader, setLeader] = useState<string | null>(null);
  const announced = useRef<{ runnerNo: string | null; at: number }>({ runnerNo: null, at: 0 });

  const laneHeight = (TRACK_BOTTOM - TRACK_TOP) / Math.max(lanes.length, 1);
  const clothH = Math.min(14, laneHeight - 2);
  const yOf = (runnerNo: string) => TRACK_TOP + laneHeight * (lanes.indexOf(runnerNo) + 0.5);

  // Positions are set straight on the SVG, frame by frame: React renders only when the phase or leader changes.
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastOrder = '';
    const draw = () => {
      const now = clock();
      const share = shareAt(run, now);
      const shown = reducedMotion ? steppedShare(share, STEPS) : share;
      for (const course of courses) {
        const x = xOf(progressAt(course, shown)) - CLOTH_W;
        glyphs.current.get(course.runnerNo)?.setAttribute('transform', `translate(${x.toFixed(2)} 0)`);
      }
      const order = orderAt(courses, shown);
      const joined = order.join(',');
      if (joined !== lastOrder) {
        lastOrder = joined;
        svgRef.current?.setAttribute('data-order', joined);
      }
      const first = order[0];
      if (first !== undefined && shown > 0 && shouldAnnounceLeader(announced.current, first, now, CALM_MS)) {
        announced.current = { runnerNo: first, at: now };
        setLeader(first);
      }
      if (share >= 1) {
        setHome(true);
        return;
      }
      if (reducedMotion) timer = setTimeout(draw, Math.max(50, run.durationMs / STEPS));
      else frame = requestAnimationFrame(draw);
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [run, courses, reducedMotion, clock]);

  const phase: DrawnPhase = phaseOf(race, home ? 1 : 0);
  const horseOf = (runnerNo: string) => race.runners.find((r) => r.runnerNo === runnerNo)?.horseName ?? '';
  const runnerText = (runnerNo: string) => t('runner', { runnerNo, horse: horseOf(runnerNo) });
  const official = officialOrderOf(race);

  let announcement = '';
  if (phase === 'running' && leader) announcement = t('leader', { runner: runnerText(leader) });
  else if (phase === 'finished') {
    announcement = t('finishOrder', { raceNo: race.raceNo, order: run.order.map(runnerText).join(', ') });
  } else if (phase === 'result') {
    const order = official.map((r) => t('place', { place: r.finishPosition ?? 0, runner: runnerText(r.runnerNo) }));
    announcement = t('officialOrder', { raceNo: race.raceNo, order: order.join(', ') });
  }

  return (
    <div className="drawn-race" data-testid="drawn-race" data-phase={phase} data-race-id={race.raceId}>
      <svg
        ref={svgRef}
        className="drawn-race__track"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={t('label', { raceNo: race.raceNo })}
        data-order={run.order.join(',')}
      >
        <rect x="0" y="0" width={WIDTH} height={HEIGHT} className="drawn-race__turf" />
        {lanes.map((runnerNo, index) => (
          <rect
            key={runnerNo}
            x="0"
            y={TRACK_TOP + laneHeight * index}
            width={WIDTH}
            height={laneHeight}
            className={index % 2 === 0 ? 'drawn-race__lane' : 'drawn-race__lane drawn-race__lane--alt'}
          />
        ))}
        {[0.25, 0.5, 0.75].map((distance) => (
          <line
            key={distance}
            x1={xOf(distance)}
            x2={xOf(distance)}
            y1={TRACK_TOP}
            y2={TRACK_BOTTOM}
            className="drawn-race__pole"
          />
        ))}
        <line x1={xOf(0)} x2={xOf(0)} y1={TRACK_TOP} y2={TRACK_BOTTOM} className="drawn-race__start" />
        <rect x={FINISH_X - 2} y={TRACK_TOP} width="4" height={TRACK_BOTTOM - TRACK_TOP} className="drawn-race__line" />
        {lanes.map((runnerNo) => {
          const cloth = saddleClothOf(runnerNo);
          const y = yOf(runnerNo);
          return (
            <g key={runnerNo} data-runner-no={runnerNo}>
              <g
                ref={(node) => {
                  if (node) glyphs.current.set(runnerNo, node);
                  else glyphs.current.delete(runnerNo);
                }}
                transform={`translate(${xOf(0) - CLOTH_W} 0)`}
              >
                <rect
                  x="0"
                  y={y - clothH / 2}
                  width={CLOTH_W}
                  height={clothH}
                  rx="2"
                  fill={cloth.cloth}
                  stroke="#000"
                  strokeOpacity="0.35"
                  strokeWidth="0.6"
                />
                <text
                  x={CLOTH_W / 2}
                  y={y}
                  fill={cloth.number}
                  className="drawn-race__no"
                  fontSize={Math.min(10, clothH - 2)}
                  dominantBaseline="central"
                  textAnchor="middle"
                >
                  {runnerNo}
                </text>
              </g>
            </g>
          );
        })}
      </svg>
      <div className="drawn-race__head">
        <p className="drawn-race__title" data-testid="drawn-race-title">
          {t(phase, { raceNo: race.raceNo })}
        </p>
      </div>
      <div className="drawn-race__corner">
        {phase === 'running' && leader ? (
          <p className="drawn-race__leader" aria-hidden="true">
            {t('leader', { runner: leader })}
          </p>
        ) : (
          <p className="drawn-race__badge">{t('badge')}</p>
        )}
      </div>
      {phase === 'result' ? (
        <ol
          className="drawn-race__result"
          data-testid="drawn-result"
          aria-label={t('resultList', { raceNo: race.raceNo })}
        >
          {official.slice(0, 4).map((runner) => {
            const cloth = saddleClothOf(runner.runnerNo);
            return (
              <li key={runner.id} data-runner-no={runner.runnerNo} data-place={runner.finishPosition ?? undefined}>
                <span className="drawn-race__place">{runner.finishPosition}.</span>
                <span className="drawn-race__cloth" style={{ background: cloth.cloth, color: cloth.number }}>
                  {runner.runnerNo}
                </span>
                <span className="drawn-race__horse">{runner.horseName}</span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="drawn-race-live">
        {announcement}
      </p>
    </div>
  );
}
