import { describe, expect, it } from 'vitest';
import { cardWanted, dueStep, raceStepDue, type CardClock, type RaceClock } from './demo-clock.ts';

const clock = { openAhead: 9_000, lastCall: 500, running: 750 };
const post = Date.parse('2026-11-30T10:00:00.000Z');
const race = (status: RaceClock['status'], raceId = 1): RaceClock => ({
  raceId,
  status,
  startDateTime: new Date(post).toISOString(),
});
const noRun = () => false;
const withRun = () => true;

describe('dueStep', () => {
  it('opens a race awaiting its opening from openAhead before post time, not before', () => {
    expect(dueStep(race('A'), post - 9_001, clock, noRun)).toBeUndefined();
    expect(dueStep(race('A'), post - 9_000, clock, noRun)).toBe('open');
  });

  it('calls last call from lastCall before post time', () => {
    expect(dueStep(race('O'), post - 501, clock, noRun)).toBeUndefined();
    expect(dueStep(race('O'), post - 500, clock, noRun)).toBe('lastCall');
  });

  it('sends a race off at post time', () => {
    expect(dueStep(race('L'), post - 1, clock, noRun)).toBeUndefined();
    expect(dueStep(race('L'), post, clock, noRun)).toBe('off');
  });

  it('confirms the result once the running is over, whether or not this simulator knows the run', () => {
    expect(dueStep(race('C'), post + 749, clock, withRun)).toBeUndefined();
    expect(dueStep(race('C'), post + 750, clock, withRun)).toBe('result');
    expect(dueStep(race('C'), post + 750, clock, noRun)).toBe('result');
  });

  it('decides the run of a closed race this simulator did not send off', () => {
    expect(dueStep(race('C'), post + 10, clock, noRun)).toBe('run');
  });

  it('has nothing for a race with a result or cancelled', () => {
    expect(dueStep(race('D'), post + 60_000, clock, noRun)).toBeUndefined();
    expect(dueStep(race('X'), post + 60_000, clock, noRun)).toBeUndefined();
  });
});

describe('cardWanted', () => {
  it('wants a card when there is none, or when the newest has no race awaiting its opening', () => {
    expect(cardWanted([])).toBe(true);
    expect(cardWanted([{ races: [race('A')] }, { races: [race('O'), race('X')] }])).toBe(true);
    expect(cardWanted([{ races: [race('O')] }, { races: [race('O'), race('A')] }])).toBe(false);
  });
});

describe('raceStepDue', () => {
  const cards = (...races: RaceClock[]): CardClock[] => [{ eventId: 1, races }];

  it('is false while every race waits for its next time', () => {
    expect(raceStepDue(cards(race('A', 1), race('O', 2), race('C', 3)), post - 10_000, clock, withRun)).toBe(false);
  });

  it('is true once any race of any card is due a step', () => {
    const later: CardClock = { eventId: 2, races: [race('A', 4)] };
    expect(raceStepDue([...cards(race('D', 1)), later], post - 9_000, clock, withRun)).toBe(true);
  });

  it('skips races that are final', () => {
    expect(raceStepDue(cards(race('D', 1), race('X', 2)), post + 60_000, clock, noRun)).toBe(false);
  });
});
