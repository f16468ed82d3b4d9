import type { APIRequestContext } from '@playwright/test';
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
  /** Today in Manila (YYYY-MM-DD), when the schedule was made. */
  raceDate: string;
  /** Race `raceNo`'s post time (ISO), on the race day. */
  start(raceNo: number): string;
}

/**
 * Today's race day (Manila) for `raceCount` races, an hour apart from an hour from now. A race starts on
 * its race day (decision 048), so when that would run past Manila midnight (a run late in the Manila
 * evening, 15:00-16:00 UTC) the races keep their order in the day's last minutes instead, even before now:
 * nothing in a test waits on a post time.
 */
export function raceDaySchedule(raceCount: number, now = Date.now()): RaceDaySchedule {
  const { year, month, day } = manilaDate(new Date(now));
  const raceDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const lastMinute = Date.parse(`${raceDate}T23:59:00+08:00`);
  return {
    raceDate,
    start: (raceNo) =>
      new Date(Math.min(now + raceNo * 3_600_000, lastMinute - (raceCount - raceNo) * 60_000)).toISOString(),
  };
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
