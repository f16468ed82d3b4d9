import { afterEach, describe, expect, it } from 'vitest';
import type { Race, RaceRunMessage, Runner } from '@karera/shared';
import { applyRealtime } from '../raceState.ts';
import { sceneOf } from './scene.ts';
import { clearRuns, knownRuns, noteRaceRuns, subscribeRuns } from './runStore.ts';

const runner = (runnerNo: string, finishPosition: number | null = null): Runner => ({
  id: Number.parseInt(runnerNo, 10) * 10 + runnerNo.length,
  runnerNo,
  horseName: `Horse ${runnerNo}`,
  jockeyName: 'J. Santos',
  status: 'A',
  odds: null,
  finishPosition,
});
const race = (raceId: number, status: Race['status'], runners: Runner[] = [runner('1'), runner('2')]): Race => ({
  raceId,
  eventId: 1,
  raceNo: raceId,
  status,
  startDateTime: '2026-11-26T06:00:00.000Z',
  enabledBetTypes: [],
  runners,
});
const runMessage = (raceId: number, elapsedMs = 0, seed = 7): RaceRunMessage => ({
  type: 'RACE_RUN',
  raceId,
  elapsedMs,
  durationMs: 36_000,
  seed,
  order: ['2', '1'],
});

afterEach(() => clearRuns());

describe('drawn race: the runs a screen knows', () => {
  it('keeps each run with its start by this device’s clock, and tells its readers', () => {
    let told = 0;
    const stop = subscribeRuns(() => (told += 1));
    noteRaceRuns([{ type: 'RACE_STATUS', raceId: 3, status: 'C' }, runMessage(3, 5_000)], 100_000);
    expect(knownRuns().get(3)).toMatchObject({ startedAt: 95_000, order: ['2', '1'], durationMs: 36_000 });
    expect(told).toBe(1);
    // The same run again (a reconnect's snapshot) keeps its first start and tells no one.
    noteRaceRuns([runMessage(3, 9_500)], 105_000);
    expect(knownRuns().get(3)?.startedAt).toBe(95_000);
    expect(told).toBe(1);
    noteRaceRuns([{ type: 'RACE_STATUS', raceId: 3, status: 'D' }]);
    expect(told).toBe(1);
    stop();
  });

  it('is ignored by the card’s own state: no read again, no change', () => {
    const races = [race(3, 'C')];
    expect(applyRealtime(races, [runMessage(3)])).toEqual({ races, changed: false, refetch: false });
  });
});

describe('drawn race: what the stream area shows', () => {
  const runs = () => knownRuns();

  it('draws the race being run, else the last one run while here, else nothing', () => {
    expect(sceneOf([race(1, 'O'), race(2, 'C')], runs())).toBeNull();
    noteRaceRuns([runMessage(1)], 1_000);
    noteRaceRuns([runMessage(2)], 200_000);
    expect(sceneOf([race(1, 'D'), race(2, 'C')], runs())?.race.raceId).toBe(2);
    expect(sceneOf([race(1, 'D'), race(2, 'D'), race(3, 'O')], runs())?.race.raceId).toBe(2);
    // A run cancelled by an operator after the off is not drawn.
    expect(sceneOf([race(1, 'X'), race(2, 'X')], runs())).toBeNull();
  });
});
