import type { APIRequestContext } from './test.ts';
import { manilaDate, RacingAdminRoutes, type FlagBetType, type GameEvent, type Race } from '@karera/shared';
import { adminPost, uniqueSuffix } from './support.ts';

/** The runners every race of a test race day gets unless a test brings its own: number and horse. */
export const RACE_CARD = [
  ['1', 'Bagyo'],
  ['2', 'Alon'],
  ['3', 'Hangin'],
  ['4', 'Kidlat'],
  ['5', 'Ulan'],
  ['6', 'Araw'],
] as const satisfies readonly (readonly [string, string])[];

/** A test race day's date and its races' post times. */
export interface RaceDaySchedule {
  /** Today in Manila (YYYY-MM-DD) when the schedule was made; tomorrow in the day's last minutes. */
  raceDate: string;
  /** Race `raceNo`'s post time (ISO), on the race day. */
  start(raceNo: number): string;
}

const HOUR_MS = 3_600_000;
/** The least time between two races (and from now to the first) squeezed into the end of a day. */
const MIN_STEP_MS = 120_000;

function isoDateOf(instant: number): string {
  const { year, month, day } = manilaDate(new Date(instant));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Today's race day (Manila) for `raceCount` races, an hour apart from an hour from now, every race in the
 * future. A race starts on its race day (decision 048): when the hours would run past Manila midnight (a
 * run late in the Manila evening, 15:00-16:00 UTC), the races share the time left before midnight evenly;
 * in the day's last minutes, when that leaves under two minutes a race, the race day is tomorrow's and
 * the races an hour apart from now, all on that date.
 */
export function raceDaySchedule(raceCount: number, now = Date.now()): RaceDaySchedule {
  const today = isoDateOf(now);
  const lastMinute = Date.parse(`${today}T23:59:00+08:00`);
  const squeezed = Math.floor((lastMinute - now) / raceCount);
  if (squeezed < MIN_STEP_MS) {
    return {
      raceDate: isoDateOf(lastMinute + HOUR_MS),
      start: (raceNo) => new Date(now + raceNo * HOUR_MS).toISOString(),
    };
  }
  const step = Math.min(HOUR_MS, squeezed);
  return { raceDate: today, start: (raceNo) => new Date(now + raceNo * step).toISOString() };
}

export interface RaceDayPlan {
  /** Names the race day (a unique suffix is added). */
  label: string;
  raceCount: number;
  enabledBetTypes: FlagBetType[];
  /** The races opened for betting with the bet types; the others stay closed with none. All by default. */
  openRaceNos?: readonly number[];
  card?: readonly (readonly [string, string])[];
}

/**
 * Today's race day made through the back-office API, races an hour apart on the day (raceDaySchedule), each with the card's runners;
 * the event with its races in order.
 */
export async function createRaceDay(
  request: APIRequestContext,
  plan: RaceDayPlan,
): Promise<GameEvent & { races: Race[] }> {
  const schedule = raceDaySchedule(plan.raceCount);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E ${plan.label} ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: schedule.raceDate,
    enabledBetTypes: plan.enabledBetTypes,
  });
  const races: Race[] = [];
  for (let raceNo = 1; raceNo <= plan.raceCount; raceNo += 1) {
    const open = plan.openRaceNos?.includes(raceNo) ?? true;
    const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo,
      startDateTime: schedule.start(raceNo),
      enabledBetTypes: open ? plan.enabledBetTypes : [],
    });
    races.push(race);
    for (const [runnerNo, horseName] of plan.card ?? RACE_CARD) {
      await adminPost(request, RacingAdminRoutes.runners(race.raceId), {
        runnerNo,
        horseName,
        jockeyName: `Jockey ${runnerNo}`,
      });
    }
    if (open) await adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
  }
  return { ...event, races };
}
