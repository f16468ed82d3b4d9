import { z } from 'zod';
import { FLAG_BET_TYPES } from '../api/game.ts';
import { manilaDate, MAX_RACES_PER_EVENT } from '../racing/schedule.ts';
import { RACE_STATUSES } from '../racing/status.ts';
import { rowIdSchema } from './ids.ts';
import { lazySchema } from './lazySchema.ts';

export const RacingMessages = {
  nameRequired: 'Please enter a name.',
  arenaRequired: 'Please enter the arena.',
  streamUrl: 'Enter a stream channel name (letters, digits, _ or -) or an http(s) address.',
  streamHostNotAllowed:
    'Streams may only come from the hosts listed in STREAM_HOSTS; ask the operator to add this one.',
  raceDate: 'Enter the race date as YYYY-MM-DD.',
  raceNo: `Race number must be 1 to ${MAX_RACES_PER_EVENT}.`,
  raceNoTaken: 'This event already has a race with that number.',
  tooManyRaces: `An event has at most ${MAX_RACES_PER_EVENT} races.`,
  startTime: 'Enter a valid start date and time.',
  runnerNo: 'Runner number is 1-99 with an optional letter, e.g. 1 or 1A.',
  runnerNoTaken: 'This race already has a runner with that number.',
  horseRequired: 'Please enter the horse name.',
  jockeyRequired: 'Please enter the jockey name.',
  transitionRefused: 'That status change is not allowed from the race’s current status.',
  resultRequired: 'A race is finished by entering its official result.',
  raceLocked: 'Runners cannot change once betting has closed.',
  eventNotFound: 'Event not found.',
  raceNotFound: 'Race not found.',
  runnerNotFound: 'Runner not found.',
  runnerUpdateEmpty: 'Change at least one of the runner number, horse name or jockey name.',
  noRunners: 'Add the runners before opening betting: this race has none.',
  replayUrl: 'Enter the replay video’s http(s) address (an HLS playlist), or leave it empty for none.',
} as const;

/** Opening betting on a race whose field is too small for one of the bet types it offers. */
export function tooFewRunnersMessage(needed: number, has: number, betTypeName: string | null): string {
  return betTypeName
    ? `This race offers ${betTypeName}, which needs at least ${needed} runners: it has ${has}. Add runners or turn the bet type off.`
    : `A race needs at least ${needed} runners to open betting: it has ${has}.`;
}

/** The Manila calendar date (YYYY-MM-DD) an instant falls on: the day a race starting then belongs to. */
export function manilaDateOfStart(startDateTime: string): string {
  const { year, month, day } = manilaDate(new Date(startDateTime));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A race starts on its race day, by the Manila clock (decision 048): null when it does, else why not.
 * An unreadable start is left to the start-time rule.
 */
export function raceStartOffDayMessage(raceDate: string, startDateTime: string): string | null {
  if (Number.isNaN(Date.parse(startDateTime))) return null;
  const startDay = manilaDateOfStart(startDateTime);
  return startDay === raceDate
    ? null
    : `This start is on ${startDay} (Manila time), but the race day is ${raceDate}. A race starts on its race day: pick a time on ${raceDate}, or change the race day.`;
}

/** Moving a race day to another date would leave a race off its day (decision 048). */
export function raceDayLeavesRaceMessage(raceNo: number, startDay: string): string {
  return `Race ${raceNo} starts on ${startDay} (Manila time): a race day keeps the date its races start on. Reschedule its races first.`;
}

const STREAM = /^(https?:\/\/\S+|[A-Za-z0-9_-]{0,64})$/;

export const eventInputSchema = lazySchema(() =>
  z.strictObject({
    name: z
      .string(RacingMessages.nameRequired)
      .trim()
      .min(1, RacingMessages.nameRequired)
      .max(80, RacingMessages.nameRequired),
    arena: z
      .string(RacingMessages.arenaRequired)
      .trim()
      .min(1, RacingMessages.arenaRequired)
      .max(80, RacingMessages.arenaRequired),
    streamUrl: z.string().trim().max(500).regex(STREAM, RacingMessages.streamUrl),
    raceDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, RacingMessages.raceDate),
    enabledBetTypes: z.array(z.enum(FLAG_BET_TYPES)).max(FLAG_BET_TYPES.length),
  }),
);
export type EventInput = z.infer<typeof eventInputSchema>;

export const raceInputSchema = lazySchema(() =>
  z.strictObject({
    raceNo: z
      .number(RacingMessages.raceNo)
      .int(RacingMessages.raceNo)
      .min(1, RacingMessages.raceNo)
      .max(MAX_RACES_PER_EVENT, RacingMessages.raceNo),
    startDateTime: z.iso.datetime({ offset: true, message: RacingMessages.startTime }),
    enabledBetTypes: z.array(z.enum(FLAG_BET_TYPES)).max(FLAG_BET_TYPES.length),
  }),
);
export type RaceInput = z.infer<typeof raceInputSchema>;

/**
 * A change to a race. `replayUrl`: an operator's replay video (an HLS address from the allowed stream hosts,
 * checked by the server), '' to remove it.
 */
export const raceUpdateSchema = lazySchema(() =>
  raceInputSchema
    .omit({ raceNo: true })
    .partial()
    .extend({
      replayUrl: z
        .string()
        .trim()
        .max(500, RacingMessages.replayUrl)
        .regex(/^(https?:\/\/\S+)?$/, RacingMessages.replayUrl)
        .optional(),
    }),
);
export type RaceUpdateInput = z.infer<typeof raceUpdateSchema>;

export const raceStatusInputSchema = lazySchema(() => z.strictObject({ status: z.enum(RACE_STATUSES) }));

export const runnerInputSchema = lazySchema(() =>
  z.strictObject({
    runnerNo: z
      .string(RacingMessages.runnerNo)
      .trim()
      .toUpperCase()
      .regex(/^[1-9]\d?[A-Z]?$/, RacingMessages.runnerNo),
    horseName: z
      .string(RacingMessages.horseRequired)
      .trim()
      .min(1, RacingMessages.horseRequired)
      .max(60, RacingMessages.horseRequired),
    jockeyName: z
      .string(RacingMessages.jockeyRequired)
      .trim()
      .min(1, RacingMessages.jockeyRequired)
      .max(60, RacingMessages.jockeyRequired),
    /** The horse picked by type-ahead (its record's name is carded); without it, the horse is found by name. */
    horseId: rowIdSchema.optional(),
    /** The jockey picked by type-ahead (namesakes are told apart); without it, found by name. */
    jockeyId: rowIdSchema.optional(),
  }),
);
export type RunnerInput = z.infer<typeof runnerInputSchema>;

/** A change to a runner: at least one field, or there is nothing to save (and nothing to audit). */
export const runnerUpdateSchema = lazySchema(() =>
  runnerInputSchema
    .partial()
    .refine((input) => Object.values(input).some((value) => value !== undefined), RacingMessages.runnerUpdateEmpty),
);
export const scratchInputSchema = lazySchema(() => z.strictObject({ scratched: z.boolean() }));

/**
 * Runners sharing a number (1 and 1A) are one betting interest: picking one picks all
 * (docs/product/screens.md#picking-runners).
 */
export function runnerBaseNumber(runnerNo: string): number {
  return Number.parseInt(runnerNo, 10);
}

/** Runner order on the card: by number, then letter (1, 1A, 2, 10). */
export function compareRunnerNo(a: string, b: string): number {
  return runnerBaseNumber(a) - runnerBaseNumber(b) || a.localeCompare(b);
}
