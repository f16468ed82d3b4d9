import { describe, expect, it } from 'vitest';
import type { Race, Runner } from '@karera/shared';
import { drawnRaceTexts } from './drawnRaceTexts.ts';
import { drawnRaceTextsFil } from './drawnRaceTexts.fil.ts';
import { lanesOf, officialOrderOf, phaseOf, shareAt, shouldAnnounceLeader, steppedShare } from './drawnRaceView.ts';

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
describe('drawn race: what the drawing shows', () => {
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
