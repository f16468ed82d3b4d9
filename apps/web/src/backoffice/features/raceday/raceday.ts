import {
  BET_TYPES,
  eventInputSchema,
  fieldErrorsOf,
  FLAG_BET_TYPES,
  MAX_RACES_PER_EVENT,
  raceInputSchema,
  RacingMessages,
  raceStartOffDayMessage,
  runnerBaseNumber,
  runnerInputSchema,
  type EventInput,
  type FlagBetType,
  type Race,
  type RaceInput,
  type Runner,
  type RunnerInput,
} from '@karera/shared';
import { byRunnerNo, calendarDateToString, parseId } from '../../lib/raceCard.ts';
import { isoToManilaLocal, manilaLocalToIso } from '../../lib/manilaLocal.ts';

export { byRunnerNo, calendarDateToString, parseId };

/*
 * Pure helpers of the race-day screens: Manila time for the date-time inputs, race and runner
 * numbering, and the three forms checked with the server's own schemas.
 */

export { isoToManilaLocal, manilaLocalToIso };

const raceDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const quickPickFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

function calendarInstant(raceDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raceDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A race date (a Manila calendar day, no time) for reading: 'Wed, Nov 25, 2026'. */
export function formatRaceDate(raceDate: string): string {
  const date = calendarInstant(raceDate);
  return date ? raceDateFormat.format(date) : raceDate;
}

/** A quick-pick button's text: 'Wed, Nov 25'. */
export function formatQuickPick(raceDate: string): string {
  const date = calendarInstant(raceDate);
  return date ? quickPickFormat.format(date) : raceDate;
}

/** The races in running order. */
export function byRaceNo(races: readonly Race[]): Race[] {
  return races.toSorted((a, b) => a.raceNo - b.raceNo);
}

/** Race numbers still free in an event (1 to MAX_RACES_PER_EVENT), lowest first. */
export function freeRaceNumbers(races: readonly Pick<Race, 'raceNo'>[]): number[] {
  const taken = new Set(races.map((race) => race.raceNo));
  const free: number[] = [];
  for (let raceNo = 1; raceNo <= MAX_RACES_PER_EVENT; raceNo += 1) if (!taken.has(raceNo)) free.push(raceNo);
  return free;
}

/** The number a new race gets by default: the lowest free one; null when the event is full. */
export function nextFreeRaceNo(races: readonly Pick<Race, 'raceNo'>[]): number | null {
  return freeRaceNumbers(races)[0] ?? null;
}

export const RACE_GAP_MINUTES = 30;
export const FIRST_RACE_TIME = '13:00';

/**
 * The start a new race is offered, as a Manila datetime-local value: half an hour after the latest
 * race of the event, or the race date at 1:00 PM for the first race.
 */
export function defaultRaceStart(raceDate: string, races: readonly Pick<Race, 'startDateTime'>[]): string {
  const latest = Math.max(...races.map((race) => new Date(race.startDateTime).getTime()).filter(Number.isFinite));
  if (Number.isFinite(latest)) return isoToManilaLocal(new Date(latest + RACE_GAP_MINUTES * 60_000).toISOString());
  return /^\d{4}-\d{2}-\d{2}$/.test(raceDate) ? `${raceDate}T${FIRST_RACE_TIME}` : '';
}

/** The number a new runner is offered: one past the highest number so far; '' past 99. */
export function nextRunnerNo(runners: readonly Pick<Runner, 'runnerNo'>[]): string {
  const highest = Math.max(0, ...runners.map((runner) => runnerBaseNumber(runner.runnerNo)).filter(Number.isFinite));
  return highest >= 99 ? '' : String(highest + 1);
}

/** A flag-enabled bet type's display name from the bet-type table ('TRI' → 'Trifecta'). */
export function betTypeName(code: FlagBetType): string {
  return BET_TYPES.find((type) => type.code === code)?.name ?? code;
}

/** Bet types in the table's order, whatever order they were ticked in. */
export function orderedBetTypes(codes: readonly FlagBetType[]): FlagBetType[] {
  return FLAG_BET_TYPES.filter((code) => codes.includes(code));
}

export function toggleBetType(codes: readonly FlagBetType[], code: FlagBetType, on: boolean): FlagBetType[] {
  return orderedBetTypes(on ? [...codes, code] : codes.filter((c) => c !== code));
}

/** Schema messages per form field; a message about one array item ('enabledBetTypes.2') goes to the array. */
function fieldsOf<Field extends string>(fields: Record<string, string>): Partial<Record<Field, string>> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split('.')[0] ?? path;
    result[field] ??= message;
  }
  return result as Partial<Record<Field, string>>;
}

export type Check<Body, Field extends string> =
  { ok: true; body: Body } | { ok: false; fieldErrors: Partial<Record<Field, string>> };

// ---- Event ----

export interface EventDraft {
  name: string;
  arena: string;
  streamUrl: string;
  raceDate: string;
  enabledBetTypes: FlagBetType[];
}
export type EventField = keyof EventDraft;

export const EMPTY_EVENT_DRAFT: EventDraft = { name: '', arena: '', streamUrl: '', raceDate: '', enabledBetTypes: [] };

export function eventDraftOf(event: EventDraft): EventDraft {
  return {
    name: event.name,
    arena: event.arena,
    streamUrl: event.streamUrl,
    raceDate: event.raceDate,
    enabledBetTypes: orderedBetTypes(event.enabledBetTypes),
  };
}

export function checkEvent(draft: EventDraft): Check<EventInput, EventField> {
  const result = eventInputSchema.safeParse({ ...draft, enabledBetTypes: orderedBetTypes(draft.enabledBetTypes) });
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, fieldErrors: fieldsOf<EventField>(fieldErrorsOf(result.error)) };
}

// ---- Race ----

export interface RaceDraft {
  raceNo: string;
  /** Manila wall time, as the datetime-local input holds it. */
  startLocal: string;
  enabledBetTypes: FlagBetType[];
}
export type RaceField = 'raceNo' | 'startDateTime' | 'enabledBetTypes';

/** A new race's form: the next free number, the next start, every bet type of the event. */
export function newRaceDraft(raceDate: string, races: readonly Race[], eventBetTypes: readonly FlagBetType[]) {
  const raceNo = nextFreeRaceNo(races);
  return {
    raceNo: raceNo === null ? '' : String(raceNo),
    startLocal: defaultRaceStart(raceDate, races),
    enabledBetTypes: orderedBetTypes(eventBetTypes),
  } satisfies RaceDraft;
}

/**
 * The race body, or the messages beside each field. Only the event's bet types can be offered;
 * a number another race holds, or a start off the race day `raceDate` (decision 048), is refused
 * before asking the server.
 */
export function checkRace(
  draft: RaceDraft,
  races: readonly Pick<Race, 'raceNo'>[],
  eventBetTypes: readonly FlagBetType[],
  raceDate: string | null = null,
): Check<RaceInput, RaceField> {
  const raceNo = /^\d{1,3}$/.test(draft.raceNo.trim()) ? Number(draft.raceNo.trim()) : undefined;
  const result = raceInputSchema.safeParse({
    raceNo,
    startDateTime: manilaLocalToIso(draft.startLocal) ?? '',
    enabledBetTypes: orderedBetTypes(draft.enabledBetTypes.filter((code) => eventBetTypes.includes(code))),
  });
  const fieldErrors = result.success ? {} : fieldsOf<RaceField>(fieldErrorsOf(result.error));
  if (raceNo !== undefined && !fieldErrors.raceNo && races.some((race) => race.raceNo === raceNo)) {
    fieldErrors.raceNo = RacingMessages.raceNoTaken;
  }
  const offDay = result.success && raceDate ? raceStartOffDayMessage(raceDate, result.data.startDateTime) : null;
  if (offDay) fieldErrors.startDateTime = offDay;
  if (result.success && Object.keys(fieldErrors).length === 0) return { ok: true, body: result.data };
  return { ok: false, fieldErrors };
}

// ---- Runner ----

export interface RunnerDraft {
  runnerNo: string;
  horseName: string;
  jockeyName: string;
}
export type RunnerField = keyof RunnerDraft;

export function runnerDraftOf(runner: RunnerDraft): RunnerDraft {
  return { runnerNo: runner.runnerNo, horseName: runner.horseName, jockeyName: runner.jockeyName };
}

/**
 * The runner body (number upper-cased, names trimmed), or the messages beside each field. A number
 * another runner of the race holds is refused here too; `selfId` is the runner being edited.
 */
export function checkRunner(
  draft: RunnerDraft,
  runners: readonly Pick<Runner, 'id' | 'runnerNo'>[],
  selfId: number | null = null,
): Check<RunnerInput, RunnerField> {
  const result = runnerInputSchema.safeParse(draft);
  const fieldErrors = result.success ? {} : fieldsOf<RunnerField>(fieldErrorsOf(result.error));
  if (result.success && runners.some((r) => r.id !== selfId && r.runnerNo.toUpperCase() === result.data.runnerNo)) {
    fieldErrors.runnerNo = RacingMessages.runnerNoTaken;
  }
  if (result.success && Object.keys(fieldErrors).length === 0) return { ok: true, body: result.data };
  return { ok: false, fieldErrors };
}

/** Field messages of a refusal, kept only for the fields the form has; the rest is shown above it. */
export function pickFields<Field extends string>(
  fields: Record<string, string>,
  known: readonly Field[],
): Partial<Record<Field, string>> {
  const mapped = fieldsOf<string>(fields);
  const result: Partial<Record<Field, string>> = {};
  for (const field of known) {
    const message = mapped[field];
    if (message) result[field] = message;
  }
  return result;
}
