import type { APIRequestContext } from '@playwright/test';
import { RacingAdminRoutes, type FlagBetType, type GameEvent, type Race } from '@karera/shared';
import { adminPost, manilaToday, uniqueSuffix } from './support.ts';

/** The runners every race of a test race day gets unless a test brings its own: number and horse. */
export const RACE_CARD = [
  ['1', 'Bagyo'],
  ['2', 'Alon'],
  ['3', 'Hangin'],
  ['4', 'Kidlat'],
  ['5', 'Ulan'],
  ['6', 'Araw'],
] as const satisfies readonly (readonly [string, string])[];

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
 * Today's race day made through the back-office API, races an hour apart, each with the card's runners;
 * the event with its races in order.
 */
export async function createRaceDay(
  request: APIRequestContext,
  plan: RaceDayPlan,
): Promise<GameEvent & { races: Race[] }> {
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E ${plan.label} ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl: '',
    raceDate: manilaToday(),
    enabledBetTypes: plan.enabledBetTypes,
  });
  const races: Race[] = [];
  for (let raceNo = 1; raceNo <= plan.raceCount; raceNo += 1) {
    const open = plan.openRaceNos?.includes(raceNo) ?? true;
    const { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo,
      startDateTime: new Date(Date.now() + raceNo * 3_600_000).toISOString(),
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
