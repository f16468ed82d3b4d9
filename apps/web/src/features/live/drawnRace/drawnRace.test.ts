import { afterEach, describe, expect, it } from 'vitest';
import type { Race, RaceRunMessage, Runner } from '@karera/shared';
import { applyRealtime } from '../raceState.ts';
import { drawnRaceTexts } from './drawnRaceTexts.ts';
import { drawnRaceTextsFil } from './drawnRaceTexts.fil.ts';
import {
  lanesOf,
  officialOrderOf,
  phaseOf,
  sceneOf,
  shareAt,
  shouldAnnounceLeader,
  steppedShare,
} from './drawnRaceView.ts';
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
    expect(applyRealtime(races, [runMessage(3)])).toEqual({ races, refetch: false, changes: [] });
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

  it('runs, waits for the official result, then shows it', () => {
    const run = { startedAt: 10_000, durationMs: 36_000 };
    expect(shareAt(run, 9_000)).toBe(0);
    expect(shareAt(run, 28_000)).toBe(0.5);
    expect(shareAt(run, 99_000)).toBe(1);
    const placed = [runner('1', 2), runner('2', 1)];
    expect(phaseOf(race(1, 'C'), 0.5)).toBe('running');
    // A result in before the drawing ends waits for it: the finish first, then the result.
    expect(phaseOf(race(1, 'D', placed), 0.99)).toBe('running');
    expect(phaseOf(race(1, 'C'), 1)).toBe('finished');
    // Done, but its places not read yet: still the finish.
    expect(phaseOf(race(1, 'D'), 1)).toBe('finished');
    expect(phaseOf(race(1, 'D', placed), 1)).toBe('result');
  });

  it('moves in steps with reduced motion, always showing the finish', () => {
    expect(steppedShare(0.49, 12)).toBeCloseTo(5 / 12);
    expect(steppedShare(0.999, 12)).toBeCloseTo(11 / 12);
    expect(steppedShare(1, 12)).toBe(1);
  });

  it('puts runners in lanes by number, and lists the official result winner first', () => {
    expect(lanesOf(['10', '2', '1A', '1'])).toEqual(['1', '1A', '2', '10']);
    const done = race(4, 'D', [runner('1', 3), runner('2', 1), runner('3', null), runner('4', 2)]);
    expect(officialOrderOf(done).map((r) => r.runnerNo)).toEqual(['2', '4', '1']);
  });

  it('announces a new leader at a calm rate', () => {
    expect(shouldAnnounceLeader({ runnerNo: null, at: 0 }, '3', 1_000, 5_000)).toBe(true);
    expect(shouldAnnounceLeader({ runnerNo: '3', at: 1_000 }, '3', 9_000, 5_000)).toBe(false);
    expect(shouldAnnounceLeader({ runnerNo: '3', at: 1_000 }, '5', 4_000, 5_000)).toBe(false);
    expect(shouldAnnounceLeader({ runnerNo: '3', at: 1_000 }, '5', 6_000, 5_000)).toBe(true);
  });

  it('has every text in English and Filipino', () => {
    expect(Object.keys(drawnRaceTextsFil).sort()).toEqual(Object.keys(drawnRaceTexts).sort());
    for (const [key, text] of Object.entries(drawnRaceTexts)) {
      const fil = drawnRaceTextsFil[key as keyof typeof drawnRaceTexts];
      expect(fil.length).toBeGreaterThan(0);
      // The same placeholders in both languages.
      expect(fil.match(/\{\{\w+\}\}/g)?.sort()).toEqual(text.match(/\{\{\w+\}\}/g)?.sort());
    }
  });
});
