import { describe, expect, it } from 'vitest';
import {
  isRaceLocked,
  MAX_RACES_PER_EVENT,
  RacingMessages,
  raceStartOffDayMessage,
  type Race,
  type Runner,
} from '@karera/shared';
import {
  betTypeName,
  byRunnerNo,
  calendarDateToString,
  checkEvent,
  checkRace,
  checkRunner,
  defaultRaceStart,
  EMPTY_EVENT_DRAFT,
  formatQuickPick,
  formatRaceDate,
  freeRaceNumbers,
  isoToManilaLocal,
  manilaLocalToIso,
  newRaceDraft,
  nextFreeRaceNo,
  nextRunnerNo,
  parseId,
  pickFields,
  toggleBetType,
} from './raceday.ts';

const race = (raceNo: number, startDateTime = '2026-11-25T05:00:00.000Z'): Race => ({
  raceId: raceNo * 10,
  eventId: 1,
  raceNo,
  status: 'A',
  startDateTime,
  enabledBetTypes: [],
  runners: [],
});

const runner = (id: number, runnerNo: string): Runner => ({
  id,
  runnerNo,
  horseName: `Horse ${runnerNo}`,
  jockeyName: 'J. Cruz',
  status: 'A',
  odds: null,
  finishPosition: null,
});

describe('Manila datetime-local <-> ISO UTC', () => {
  it('reads the input as Manila time (UTC+8)', () => {
    expect(manilaLocalToIso('2026-11-21T15:05')).toBe('2026-11-21T07:05:00.000Z');
    expect(manilaLocalToIso('2026-11-22T00:30')).toBe('2026-11-21T16:30:00.000Z');
    expect(manilaLocalToIso('2026-01-01T07:59:30')).toBe('2025-12-31T23:59:30.000Z');
  });

  it('refuses what is not a real date and time', () => {
    expect(manilaLocalToIso('')).toBeNull();
    expect(manilaLocalToIso('2026-11-21')).toBeNull();
    expect(manilaLocalToIso('2026-02-30T10:00')).toBeNull();
    expect(manilaLocalToIso('2026-11-21T24:00')).toBeNull();
    expect(manilaLocalToIso('2026-11-21T10:61')).toBeNull();
    expect(manilaLocalToIso('tomorrow')).toBeNull();
  });

  it('shows an instant as the Manila wall time of a datetime-local input', () => {
    expect(isoToManilaLocal('2026-11-21T07:05:00.000Z')).toBe('2026-11-21T15:05');
    expect(isoToManilaLocal('2026-11-21T16:30:00Z')).toBe('2026-11-22T00:30');
    expect(isoToManilaLocal('2026-11-21T10:00:00+08:00')).toBe('2026-11-21T10:00');
    expect(isoToManilaLocal('nonsense')).toBe('');
  });

  it('round-trips', () => {
    for (const local of ['2026-03-01T00:00', '2024-02-29T23:59', '2026-12-31T08:00']) {
      expect(isoToManilaLocal(manilaLocalToIso(local) ?? '')).toBe(local);
    }
  });
});

describe('race dates', () => {
  it('formats calendar days without a time zone shift', () => {
    expect(calendarDateToString({ year: 2026, month: 3, day: 4 })).toBe('2026-03-04');
    expect(formatRaceDate('2026-11-25')).toBe('Wed, Nov 25, 2026');
    expect(formatQuickPick('2026-11-27')).toBe('Fri, Nov 27');
    expect(formatRaceDate('soon')).toBe('soon');
  });
});

describe('race numbers', () => {
  it('offers the lowest free number', () => {
    expect(nextFreeRaceNo([])).toBe(1);
    expect(nextFreeRaceNo([race(1), race(2)])).toBe(3);
    expect(nextFreeRaceNo([race(1), race(3)])).toBe(2);
    expect(freeRaceNumbers([race(2), race(4)])).toEqual([1, 3, 5, 6, 7, 8, 9, 10]);
  });

  it('has none once the event holds the maximum', () => {
    const full = Array.from({ length: MAX_RACES_PER_EVENT }, (_, i) => race(i + 1));
    expect(nextFreeRaceNo(full)).toBeNull();
    expect(freeRaceNumbers(full)).toEqual([]);
  });
});

describe('defaultRaceStart', () => {
  it('starts the first race at 1:00 PM on the race date', () => {
    expect(defaultRaceStart('2026-11-25', [])).toBe('2026-11-25T13:00');
    expect(defaultRaceStart('', [])).toBe('');
  });

  it('puts the next race half an hour after the latest one', () => {
    const races = [race(1, '2026-11-25T05:00:00.000Z'), race(2, '2026-11-25T06:15:00.000Z')];
    expect(defaultRaceStart('2026-11-25', races)).toBe('2026-11-25T14:45');
  });

  it('builds the whole new-race form', () => {
    expect(newRaceDraft('2026-11-25', [race(1)], ['XD', 'TRI'])).toEqual({
      raceNo: '2',
      startLocal: '2026-11-25T13:30',
      enabledBetTypes: ['TRI', 'XD'],
    });
  });
});

describe('runners', () => {
  it('orders numbers with their letters', () => {
    const list = [runner(1, '10'), runner(2, '1A'), runner(3, '2'), runner(4, '1')];
    expect(byRunnerNo(list).map((r) => r.runnerNo)).toEqual(['1', '1A', '2', '10']);
  });

  it('offers one past the highest number', () => {
    expect(nextRunnerNo([])).toBe('1');
    expect(nextRunnerNo([runner(1, '1'), runner(2, '1A'), runner(3, '4')])).toBe('5');
    expect(nextRunnerNo([runner(1, '99')])).toBe('');
  });

  it('locks the field once betting has closed', () => {
    expect(['A', 'O', 'L'].map((s) => isRaceLocked(s as Race['status']))).toEqual([false, false, false]);
    expect(['C', 'D', 'X'].map((s) => isRaceLocked(s as Race['status']))).toEqual([true, true, true]);
  });
});

describe('checkEvent', () => {
  const valid = {
    name: ' San Lazaro Sunday ',
    arena: 'San Lazaro',
    streamUrl: 'sl-main',
    raceDate: '2026-11-29',
    enabledBetTypes: ['DD', 'TRI'] as const,
  };

  it('trims and keeps the bet types in table order', () => {
    expect(checkEvent({ ...valid, enabledBetTypes: [...valid.enabledBetTypes] })).toEqual({
      ok: true,
      body: { ...valid, name: 'San Lazaro Sunday', enabledBetTypes: ['TRI', 'DD'] },
    });
  });

  it('puts each schema message beside its field', () => {
    expect(checkEvent({ ...EMPTY_EVENT_DRAFT, streamUrl: 'not a channel' })).toEqual({
      ok: false,
      fieldErrors: {
        name: RacingMessages.nameRequired,
        arena: RacingMessages.arenaRequired,
        streamUrl: RacingMessages.streamUrl,
        raceDate: RacingMessages.raceDate,
      },
    });
  });

  it('accepts an http address or nothing as the stream', () => {
    const base = { ...valid, enabledBetTypes: [] };
    expect(checkEvent({ ...base, streamUrl: 'https://cdn.example/live.m3u8' }).ok).toBe(true);
    expect(checkEvent({ ...base, streamUrl: '' }).ok).toBe(true);
  });
});

describe('checkRace', () => {
  it('sends the start as UTC and only the event’s bet types', () => {
    expect(
      checkRace({ raceNo: '2', startLocal: '2026-11-25T13:30', enabledBetTypes: ['PICK4', 'TRI'] }, [race(1)], ['TRI']),
    ).toEqual({
      ok: true,
      body: { raceNo: 2, startDateTime: '2026-11-25T05:30:00.000Z', enabledBetTypes: ['TRI'] },
    });
  });

  it('refuses a bad number, a taken number and a missing start', () => {
    expect(checkRace({ raceNo: '', startLocal: '', enabledBetTypes: [] }, [], [])).toEqual({
      ok: false,
      fieldErrors: { raceNo: RacingMessages.raceNo, startDateTime: RacingMessages.startTime },
    });
    expect(checkRace({ raceNo: '11', startLocal: '2026-11-25T13:00', enabledBetTypes: [] }, [], [])).toEqual({
      ok: false,
      fieldErrors: { raceNo: RacingMessages.raceNo },
    });
    expect(checkRace({ raceNo: '1', startLocal: '2026-11-25T13:00', enabledBetTypes: [] }, [race(1)], [])).toEqual({
      ok: false,
      fieldErrors: { raceNo: RacingMessages.raceNoTaken },
    });
  });
});

describe('checkRace on the race day (decision 048)', () => {
  it('refuses a start on another Manila date than the race day, by the same rule as the server', () => {
    const draft = (startLocal: string) => ({ raceNo: '2', startLocal, enabledBetTypes: [] });
    expect(checkRace(draft('2026-11-25T23:59'), [race(1)], [], '2026-11-25').ok).toBe(true);
    expect(checkRace(draft('2026-11-26T00:10'), [race(1)], [], '2026-11-25')).toEqual({
      ok: false,
      fieldErrors: { startDateTime: raceStartOffDayMessage('2026-11-25', '2026-11-25T16:10:00.000Z') },
    });
    expect(raceStartOffDayMessage('2026-11-25', '2026-11-25T16:10:00.000Z')).toContain('2026-11-26');
  });
});

describe('checkRunner', () => {
  it('upper-cases the number and trims the names', () => {
    expect(checkRunner({ runnerNo: ' 1a ', horseName: ' Bagyo ', jockeyName: 'R. Reyes ' }, [])).toEqual({
      ok: true,
      body: { runnerNo: '1A', horseName: 'Bagyo', jockeyName: 'R. Reyes' },
    });
  });

  it('refuses bad numbers and empty names', () => {
    expect(checkRunner({ runnerNo: '0', horseName: '', jockeyName: ' ' }, [])).toEqual({
      ok: false,
      fieldErrors: {
        runnerNo: RacingMessages.runnerNo,
        horseName: RacingMessages.horseRequired,
        jockeyName: RacingMessages.jockeyRequired,
      },
    });
    expect(checkRunner({ runnerNo: '100', horseName: 'A', jockeyName: 'B' }, []).ok).toBe(false);
    expect(checkRunner({ runnerNo: '1AB', horseName: 'A', jockeyName: 'B' }, []).ok).toBe(false);
  });

  it('refuses a number another runner holds, but not the runner’s own', () => {
    const runners = [runner(1, '1'), runner(2, '2')];
    expect(checkRunner({ runnerNo: '2', horseName: 'A', jockeyName: 'B' }, runners)).toEqual({
      ok: false,
      fieldErrors: { runnerNo: RacingMessages.runnerNoTaken },
    });
    expect(checkRunner({ runnerNo: '2', horseName: 'A', jockeyName: 'B' }, runners, 2).ok).toBe(true);
  });
});

describe('small helpers', () => {
  it('names bet types from the bet-type table', () => {
    expect(betTypeName('TRI')).toBe('Trifecta');
    expect(betTypeName('QRT')).toBe('Quartet');
    expect(betTypeName('DD+1')).toBe('DD+1');
  });

  it('toggles bet types keeping the table order', () => {
    expect(toggleBetType(['DD'], 'TRI', true)).toEqual(['TRI', 'DD']);
    expect(toggleBetType(['TRI', 'DD'], 'TRI', false)).toEqual(['DD']);
    expect(toggleBetType(['TRI'], 'TRI', true)).toEqual(['TRI']);
  });

  it('reads ids from the address', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('1e3')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it('keeps server field messages for known fields, grouping array items', () => {
    expect(
      pickFields({ 'enabledBetTypes.1': 'bad', name: 'Name?', other: 'x' }, ['name', 'enabledBetTypes'] as const),
    ).toEqual({ name: 'Name?', enabledBetTypes: 'bad' });
  });
});
