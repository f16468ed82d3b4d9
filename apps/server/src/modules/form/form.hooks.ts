import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HookPoint, HookSubscriptions } from '../../lib/tx-hooks.ts';
import { officialResultsOf, recordRaceResults } from './form.service.ts';

/**
 * The one hook of the tote's this module hears, as the tote declares it (its SettlementHooks): written here
 * rather than imported, because the tote reads races through racing, which cards runners from this
 * module's records, and a module may not be reached back by what it reaches (decision 052).
 */
export type RaceResultHooks = {
  'result.recorded': HookPoint<
    Transaction<Database>,
    {
      raceId: number;
      finish: readonly (readonly number[])[];
      details?: {
        trackCondition?: string | null;
        runners?: readonly { runnerNo: string; marginHundredths: number | null; timeMs: number | null }[];
      };
    }
  >;
};

/**
 * A race's result confirmed (an operator's entry, an approved official result, the simulator's) writes every
 * runner's official result in the same transaction (decision 053): finishers with their places, scratched
 * runners as scratched, distance and class from the race, the going, margins and times where known. A
 * result recorded again replaces the one before. Runners without a horse record (none since decision 053's
 * back-fill) are left out rather than refuse the result.
 */
export function subscribeFormResults(hooks: HookSubscriptions<RaceResultHooks>): void {
  hooks.on('result.recorded', 'form.results', async (trx, { raceId, finish, details }) => {
    const runners = await trx
      .selectFrom('runners')
      .select(['runner_no', 'status'])
      .where('race_id', '=', raceId)
      .where('horse_id', 'is not', null)
      .execute();
    const results = officialResultsOf(
      finish,
      runners.map((runner) => ({ runnerNo: runner.runner_no, status: runner.status })),
      details?.runners,
    );
    await recordRaceResults(trx, raceId, results, { trackCondition: details?.trackCondition ?? null });
  });
}
