import { describe, expect, it } from 'vitest';
import { indexEventCard } from './event-card.ts';

const race = (id: number, raceNo: number, types: string[], eventTypes: string[]) => ({
  id,
  race_no: raceNo,
  status: 'O' as const,
  enabled_bet_types: JSON.stringify(types),
  event_types: JSON.stringify(eventTypes),
});
const runner = (raceId: number, runnerNo: string, status: 'A' | 'S' = 'A') => ({
  race_id: raceId,
  runner_no: runnerNo,
  status,
});

describe('indexEventCard', () => {
  it('finds races by id and by number', () => {
    const card = indexEventCard([race(11, 1, [], []), race(12, 2, [], [])], []);
    expect(card.raceById.get(12)?.race_no).toBe(2);
    expect(card.raceByNo.get(1)?.id).toBe(11);
    expect(card.raceById.get(13)).toBeUndefined();
  });

  it('offers a flag type only where both the race and its event switched it on', () => {
    const card = indexEventCard([race(11, 1, ['TRI', 'DD'], ['TRI', 'QRT'])], []);
    expect([...(card.offeredTypes.get(11) ?? [])]).toEqual(['W', 'FC', 'TRI']);
  });

  it('treats a coupled entry (1 and 1A) as one number, scratched only when all of it is', () => {
    const card = indexEventCard(
      [race(11, 1, [], []), race(12, 2, [], [])],
      [runner(11, '1', 'S'), runner(11, '1A'), runner(11, '2', 'S'), runner(11, '10'), runner(12, '3')],
    );
    const numbers = card.runnerNumbers.get(11);
    expect(numbers?.get(1)).toBe(false);
    expect(numbers?.get(2)).toBe(true);
    expect(numbers?.get(10)).toBe(false);
    expect(numbers?.get(3)).toBeUndefined();
    expect(card.runnerNumbers.get(12)?.get(3)).toBe(false);
  });

  it('reads a coupled entry the same whichever of its runners comes first', () => {
    const card = indexEventCard([race(11, 1, [], [])], [runner(11, '1A', 'S'), runner(11, '1', 'S')]);
    expect(card.runnerNumbers.get(11)?.get(1)).toBe(true);
  });
});
