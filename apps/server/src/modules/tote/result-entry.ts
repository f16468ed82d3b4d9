import type { z } from 'zod';
import type { ToteOperations } from '@karera/shared';
import { ToteMessages, type ResponseOf } from '@karera/shared';
import { conflict } from '../../lib/errors.ts';
import { runIdempotent } from '../../lib/idempotency.ts';
import { requestView } from '../dualcontrol/index.ts';
import { settlementReport } from './results.service.ts';
import { checkOfficialDividends, confirmResult, settleCompletedPools, type ToteDeps } from './settlement.service.ts';
import { pendingOfficialResult, proposeOfficialResult, sameResultEntry } from './official-result-approval.ts';

type ResultEntry = z.output<NonNullable<(typeof ToteOperations)['confirmResult']['body']>>;

/**
 * An admin enters a race's official result. The finish the tote computes dividends for is confirmed and
 * settled at once; official dividends that differ from the tote's wait for a second admin (decision 045).
 * The same entry sent again (a retry) answers as the first did; another entry for a race with a result is refused.
 */
export async function enterResult(
  deps: ToteDeps,
  actor: { type: 'staff'; id: number; ip: string | null },
  raceId: number,
  body: ResultEntry,
): Promise<ResponseOf<typeof ToteOperations.confirmResult>> {
  const { db } = deps;
  const { idempotencyKey, ...input } = body;
  // The key refuses a reused key with another finish; the race's status refuses a second result.
  await runIdempotent(db, { scope: `staff:${actor.id}:result:${raceId}`, key: idempotencyKey, request: input }, () =>
    Promise.resolve({ raceId }),
  );
  const stored = await db
    .selectFrom('race_results')
    .select(['finish', 'official_dividends'])
    .where('race_id', '=', raceId)
    .executeTakeFirst();
  if (stored) {
    const same =
      stored.finish === JSON.stringify(input.finish) &&
      stored.official_dividends === JSON.stringify(input.officialDividends ?? []);
    if (!same) throw conflict(ToteMessages.raceNotClosed);
    await settleCompletedPools(deps, raceId);
    return { statusCode: 200 as const, report: await settlementReport(db, raceId) };
  }
  const { race, differences } = await checkOfficialDividends(db, raceId, input);
  if (differences.length === 0) {
    await confirmResult(deps, actor, raceId, input);
    return { statusCode: 200 as const, report: await settlementReport(db, raceId) };
  }
  // Official dividends the tote did not compute: recorded and paid only once a second admin approves.
  const pending = await pendingOfficialResult(db, raceId);
  if (pending) {
    // The same entry sent again (a retry) answers its request as it stands; any other waits its turn.
    const same = sameResultEntry(pending.payload, input);
    if (!same || pending.proposed_by_staff_id !== actor.id) throw conflict(ToteMessages.officialPending);
    return {
      statusCode: 200 as const,
      statusMessage: ToteMessages.officialNeedsSecondAdmin,
      request: await requestView(db, pending.id),
    };
  }
  const proposal = await proposeOfficialResult(db, { staffId: actor.id, ip: actor.ip }, race, input, differences);
  return { statusCode: 200 as const, statusMessage: ToteMessages.officialNeedsSecondAdmin, request: proposal };
}
