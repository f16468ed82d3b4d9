import { describe, expect, it } from 'vitest';
import type { FormGuideRunner } from '@karera/shared';
import { formTexts } from './formTexts.ts';
import { figureLines, lastFiveTexts } from './formFigures.ts';
import type { FormT } from './formI18n.ts';

/** The English texts with their {{variables}} filled, as i18next fills them. */
const t: FormT = (key, values = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], formTexts);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

const record = (starts: number, wins: number, seconds: number, thirds: number) => ({
  starts,
  wins,
  seconds,
  thirds,
  places: seconds + thirds,
});

const runner: FormGuideRunner = {
  runnerId: 1,
  runnerNo: '1',
  horseName: 'Bagyo',
  jockeyName: 'J. Cruz',
  status: 'A',
  horseId: 1,
  jockeyId: 1,
  trainerId: null,
  trainerName: null,
  weightKg: '54.5',
  gate: 4,
  rating: null,
  equipment: [],
  lastFinishes: '3-1-D-12-1',
  daysSinceLastRun: 14,
  firstStarter: false,
  career: record(9, 3, 1, 2),
  atDistance: null,
  atTrack: record(2, 1, 0, 0),
  jockeyLast30Days: { wins: 4, rides: 21 },
  trainerLast30Days: null,
};

describe('the form figures as shown and spoken', () => {
  it('reads the last five oldest first, each figure apart, and says when there are none', () => {
    expect(lastFiveTexts(t, '3-1-D-12-1')).toEqual({
      shown: '3-1-D-12-1',
      spoken: 'Last five starts, oldest first: 3, 1, D, 12, 1',
    });
    expect(lastFiveTexts(t, '')).toEqual({ shown: 'No starts yet', spoken: 'No starts yet' });
  });

  it('lists the figures in reading order, records as bettors write them and in words', () => {
    const lines = figureLines(t, runner, { track: 'Metro Turf', distanceM: null });
    expect(lines.map((line) => line.key)).toEqual([
      'lastFive',
      'daysSince',
      'career',
      'atDistance',
      'atTrack',
      'weight',
      'gate',
      'rating',
      'jockey30',
      'trainer30',
    ]);
    const byKey = new Map(lines.map((line) => [line.key, line]));
    expect(byKey.get('career')).toMatchObject({
      label: 'Career',
      shown: '9: 3-1-2',
      spoken: '9 starts, 3 wins, 1 seconds, 2 thirds',
    });
    expect(byKey.get('atDistance')).toMatchObject({ label: 'At this distance', shown: '—', spoken: 'Not known' });
    expect(byKey.get('atTrack')).toMatchObject({ label: 'At Metro Turf', shown: '2: 1-0-0' });
    expect(byKey.get('daysSince')).toMatchObject({ shown: '14 days' });
    expect(byKey.get('weight')).toMatchObject({ shown: '54.5 kg' });
    expect(byKey.get('rating')).toMatchObject({ shown: '—', spoken: 'Not known' });
    expect(byKey.get('jockey30')).toMatchObject({ shown: '4/21', spoken: '4 wins from 21 rides' });
  });
});
