import type { Race, RaceStatus, Runner } from '@karera/shared';

/** A runner for tests: available, no odds, no place, unless told. */
export function runner(runnerNo: string, overrides: Partial<Runner> = {}): Runner {
  return {
    id: Number.parseInt(runnerNo, 10) * 10 + (runnerNo.length > 1 && /\D$/.test(runnerNo) ? 1 : 0),
    runnerNo,
    horseName: `Horse ${runnerNo}`,
    jockeyName: `Jockey ${runnerNo}`,
    status: 'A',
    odds: null,
    finishPosition: null,
    ...overrides,
  };
}

/** A race for tests, id 100 + its number. */
export function race(raceNo: number, status: RaceStatus, runners: Runner[] = [], overrides: Partial<Race> = {}): Race {
  return {
    raceId: 100 + raceNo,
    eventId: 1,
    raceNo,
    status,
    startDateTime: '2026-11-25T05:00:00.000Z',
    enabledBetTypes: [],
    runners,
    ...overrides,
  };
}
