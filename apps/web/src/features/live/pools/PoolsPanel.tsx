import { memo, useId, useState, type ReactNode } from 'react';
import type { Race } from '@karera/shared';
import { usePoolsT, type PoolsT } from './poolsI18n.ts';
import { formatDividend, oddsEnds, oddsScale, sparkline, type RacePools } from './poolsData.ts';
import { usePools } from './usePools.ts';
import './pools.css';

const CHART_WIDTH = 96;
const CHART_HEIGHT = 24;

/**
 * The race's pools on the live screen, folded until opened: each runner's Win odds movement since betting
 * opened, the Forecast probables grid, and the will-pays of Double and Pick pools whose next leg is this
 * race. Read from the server (same takeout, breakage and minimum as settlement) and kept current by the
 * live socket.
 */
export const PoolsPanel = memo(function PoolsPanel({ race }: PoolsPanelProps) {
  const tp = usePoolsT();
  const [open, setOpen] = useState(false);
  const pools = usePools(race.raceId, open);
  const names = new Map(race.runners.map((r) => [Number.parseInt(r.runnerNo, 10), r.horseName]));

  return (
    <details className="pools-panel" data-testid="pools-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="pools-panel__summary">{tp('title')}</summary>
      {!open ? null : pools.data ? (
        <div className="pools-panel__body" data-testid="pools-ready" data-version={pools.data.version}>
          <p className="pools-panel__note">{tp('perPeso')}</p>
          <OddsMovement pools={pools.data} names={names} tp={tp} />
          <ProbablesGrid pools={pools.data} tp={tp} />
          <WillPays pools={pools.data} names={names} tp={tp} />
        </div>
      ) : pools.isError ? (
        <p className="pools-panel__state" role="alert">
          {tp('error')}
        </p>
      ) : (
        <p className="pools-panel__state" role="status" aria-live="polite">
          {tp('loading')}
        </p>
      )}
    </details>
  );
}, samePanel);

interface PoolsPanelProps {
  race: Pick<Race, 'raceId' | 'raceNo' | 'runners'>;
}

/** The panel reads the race's pools itself and takes only its runners' names from the card: odds moving leave it be. */
function samePanel(before: PoolsPanelProps, after: PoolsPanelProps): boolean {
  const a = before.race;
  const b = after.race;
  return (
    a.raceId === b.raceId &&
    a.runners.length === b.runners.length &&
    a.runners.every(
      (runner, i) => runner.runnerNo === b.runners[i]?.runnerNo && runner.horseName === b.runners[i]?.horseName,
    )
  );
}

interface SectionProps {
  pools: RacePools;
  tp: PoolsT;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section className="pools-section" aria-labelledby={id} data-testid={testId}>
      <h3 className="pools-section__title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function OddsMovement({ pools, names, tp }: SectionProps & { names: Map<number, string> }) {
  const runners = pools.winOdds.runners;
  const scale = oddsScale(runners);
  return (
    <Section title={tp('odds.heading')} testId="pools-odds">
      {runners.length === 0 ? (
        <p className="pools-section__empty">{tp('odds.empty')}</p>
      ) : (
        <ul className="odds-moves">
          {runners.map((runner) => {
            const ends = oddsEnds(runner.odds);
            const points = sparkline(runner.odds, scale, CHART_WIDTH, CHART_HEIGHT);
            const label = ends
              ? tp('odds.chart', {
                  runner: runner.runnerNo,
                  from: formatDividend(ends.from),
                  to: formatDividend(ends.to),
                })
              : '';
            return (
              <li key={runner.runnerNo} className="odds-moves__row">
                <span className="odds-moves__no">{runner.runnerNo}</span>
                <span className="odds-moves__name">{names.get(runner.runnerNo) ?? ''}</span>
                <svg
                  className="odds-moves__chart"
                  viewBox={`-2 -2 ${CHART_WIDTH + 4} ${CHART_HEIGHT + 4}`}
                  width={CHART_WIDTH}
                  height={CHART_HEIGHT}
                  role="img"
                  aria-label={label}
                >
                  {points.length > 1 ? (
                    <polyline
                      points={points.map((p) => `${p.x},${p.y}`).join(' ')}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                      strokeLinejoin="round"
                    />
                  ) : null}
                  {points.at(-1) ? (
                    <circle cx={points.at(-1)?.x} cy={points.at(-1)?.y} r="2.5" fill="currentColor" />
                  ) : null}
                </svg>
                <span className="odds-moves__now">{ends ? formatDividend(ends.to) : '–'}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function ProbablesGrid({ pools, tp }: SectionProps) {
  const { runners, cells } = pools.forecast;
  const captionId = useId();
  const any = cells.some((c) => c.dividend !== null);
  const cellOf = (first: number, second: number) => cells.find((c) => c.first === first && c.second === second);
  return (
    <Section title={tp('forecast.heading')} testId="pools-forecast">
      {!any ? (
        <p className="pools-section__empty">{tp('forecast.empty')}</p>
      ) : (
        <div className="probables" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="probables__table">
            <caption id={captionId} className="probables__caption">
              {tp('forecast.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  {tp('forecast.first')} \ {tp('forecast.second')}
                </th>
                {runners.map((second) => (
                  <th key={second} scope="col">
                    {second}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {runners.map((first) => (
                <tr key={first}>
                  <th scope="row">{first}</th>
                  {runners.map((second) => {
                    if (first === second) return <td key={second} className="probables__self" aria-hidden="true" />;
                    const dividend = cellOf(first, second)?.dividend ?? null;
                    return (
                      <td key={second} data-pair={`${first}-${second}`}>
                        {dividend === null ? (
                          <span className="probables__none" aria-label={tp('forecast.none')}>
                            –
                          </span>
                        ) : (
                          formatDividend(dividend)
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function WillPays({ pools, names, tp }: SectionProps & { names: Map<number, string> }) {
  return (
    <Section title={tp('willPays.heading')} testId="pools-willpays">
      {pools.willPays.length === 0 ? (
        <p className="pools-section__empty">{tp('willPays.empty')}</p>
      ) : (
        pools.willPays.map((pool) => {
          const prefixes = [...new Set(pool.lines.map((line) => line.winners.join('/')))];
          return (
            <div key={`${pool.betType}-${pool.firstRaceNo}`} className="will-pays" data-bet-type={pool.betType}>
              <h4 className="will-pays__title">
                {tp('willPays.pool', { name: pool.name, race: pool.firstRaceNo, leg: pool.leg, legs: pool.legs })}
              </h4>
              {pool.exact ? null : <p className="will-pays__note">{tp('willPays.estimate')}</p>}
              {prefixes.map((prefix) => (
                <table key={prefix} className="will-pays__table">
                  <caption className="will-pays__caption">
                    {tp('willPays.after', { winners: prefix.replaceAll('0', 'ALL') })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{tp('willPays.runner')}</th>
                      <th scope="col">{tp('willPays.pays')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {pool.lines
                      .filter((line) => line.winners.join('/') === prefix)
                      .map((line) => (
                        <tr key={line.runnerNo} data-runner={line.runnerNo}>
                          <th scope="row">
                            {line.runnerNo} <span className="will-pays__name">{names.get(line.runnerNo) ?? ''}</span>
                          </th>
                          <td>
                            {line.dividend === null ? (
                              <span className="will-pays__none">{tp('willPays.noTicket')}</span>
                            ) : (
                              formatDividend(line.dividend)
                            )}
                          </td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              ))}
            </div>
          );
        })
      )}
    </Section>
  );
}
