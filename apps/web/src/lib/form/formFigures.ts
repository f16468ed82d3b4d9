import type { FormGuideRunner } from '@karera/shared';
import type { FormT } from './formI18n.ts';

type Record = FormGuideRunner['career'];
type Strike = NonNullable<FormGuideRunner['jockeyLast30Days']>;

/** A record as bettors read it, `12: 3-2-1`, and as a screen reader says it. */
export function recordTexts(ft: FormT, record: Record): { shown: string; spoken: string } {
  return {
    shown: `${record.starts}: ${record.wins}-${record.seconds}-${record.thirds}`,
    spoken: ft('recordSpoken', {
      starts: record.starts,
      wins: record.wins,
      seconds: record.seconds,
      thirds: record.thirds,
    }),
  };
}

/** Last five as shown (`3-1-5-2-1`) and spoken ("last five starts, oldest first: 3, 1, 5, 2, 1"). */
export function lastFiveTexts(ft: FormT, lastFinishes: string): { shown: string; spoken: string } {
  if (lastFinishes === '') return { shown: ft('noStarts'), spoken: ft('noStarts') };
  return { shown: lastFinishes, spoken: ft('lastFiveSpoken', { figures: lastFinishes.split('-').join(', ') }) };
}

export function strikeTexts(ft: FormT, rate: Strike | null): { shown: string; spoken: string } {
  if (rate === null) return { shown: '—', spoken: ft('notKnown') };
  return { shown: ft('strike', rate), spoken: ft('strikeSpoken', rate) };
}

/** One figure of a runner: its label and its value shown and spoken, in the order a bettor reads them. */
export interface FigureLine {
  key: string;
  label: string;
  shown: string;
  spoken: string;
}

const known = (ft: FormT, value: string | number | null, shown?: string): { shown: string; spoken: string } =>
  value === null
    ? { shown: '—', spoken: ft('notKnown') }
    : { shown: shown ?? String(value), spoken: shown ?? String(value) };

/** The figures of the form guide for one runner (issue 34 §3), in reading order. */
export function figureLines(
  ft: FormT,
  runner: FormGuideRunner,
  race: { track: string; distanceM: number | null },
): FigureLine[] {
  const days =
    runner.daysSinceLastRun === null
      ? { shown: '—', spoken: ft('firstStarter') }
      : known(ft, runner.daysSinceLastRun, ft('days', { count: runner.daysSinceLastRun }));
  const atDistance = runner.atDistance === null ? known(ft, null) : recordTexts(ft, runner.atDistance);
  return [
    { key: 'lastFive', label: ft('lastFive'), ...lastFiveTexts(ft, runner.lastFinishes) },
    { key: 'daysSince', label: ft('daysSince'), ...days },
    { key: 'career', label: ft('career'), ...recordTexts(ft, runner.career) },
    {
      key: 'atDistance',
      label: race.distanceM === null ? ft('atThisDistance') : ft('atDistance', { distance: race.distanceM }),
      ...atDistance,
    },
    { key: 'atTrack', label: ft('atTrack', { track: race.track }), ...recordTexts(ft, runner.atTrack) },
    {
      key: 'weight',
      label: ft('weight'),
      ...known(ft, runner.weightKg, runner.weightKg === null ? undefined : ft('kg', { kg: runner.weightKg })),
    },
    { key: 'gate', label: ft('gate'), ...known(ft, runner.gate) },
    { key: 'rating', label: ft('rating'), ...known(ft, runner.rating) },
    { key: 'jockey30', label: ft('jockey30'), ...strikeTexts(ft, runner.jockeyLast30Days) },
    { key: 'trainer30', label: ft('trainer30'), ...strikeTexts(ft, runner.trainerLast30Days) },
  ];
}
