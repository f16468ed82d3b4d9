import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  DualControlKinds,
  formatFinish,
  formatPeso,
  resultInputSchema,
  type DualControlRequestView,
  type OfficialDividendDifference,
  type ResultInput,
} from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { proposeChange, registerDualControlKind, type DualControlActor } from '../dualcontrol/index.ts';
import { afterResultRecorded, checkOfficialDividends, recordResult } from './settlement.service.ts';

/**
 * Official dividends that differ from the tote's (decision 046): one admin enters them, a second,
 * independent admin approves them, and only then is the result recorded and the pools paid. Checked again
 * at approval, in its transaction: the race still closed and every pool still able to pay them.
 */
const officialResultPayload = resultInputSchema.extend({ raceId: z.number().int().positive() });
type OfficialResultPayload = z.infer<typeof officialResultPayload>;

registerDualControlKind<OfficialResultPayload>({
  kind: DualControlKinds.officialResult,
  payloadSchema: officialResultPayload,
  async apply(trx, { raceId, ...input }, context) {
    await checkOfficialDividends(trx, raceId, input);
    // The result's hooks (the runners' official results) come with the app the approval came through.
    const hooks = context.app?.hooks;
    if (!hooks) throw new Error('An official result is approved through the app, whose hooks record it.');
    // The admin who entered the result confirmed it; the approval is the dual-control entry's own.
    await recordResult(trx, hooks, { type: 'staff', id: context.proposerId, ip: context.ip }, raceId, input);
  },
  async afterCommit({ raceId }, context) {
    // Without the app (an approval outside a route), the leader settles the race at its next start-up.
    if (context.app) await afterResultRecorded(context.app, raceId);
  },
});

const dividendText = (centavos: number) => formatPeso(centavos).replace('₱', '');

/** Sends a result with differing official dividends for a second admin's approval. */
export async function proposeOfficialResult(
  db: Kysely<Database>,
  proposer: DualControlActor,
  race: { raceId: number; raceNo: number },
  input: ResultInput,
  differences: readonly (OfficialDividendDifference & { betType: string })[],
): Promise<DualControlRequestView> {
  return proposeChange<OfficialResultPayload>(db, proposer, {
    kind: DualControlKinds.officialResult,
    subject: `race:${race.raceId}`,
    payload: { raceId: race.raceId, ...input },
    summary: {
      title: `Race ${race.raceNo} (id ${race.raceId}): finish ${formatFinish(input.finish)} with official dividends`,
      changes: differences.map((d) => ({
        label: `${d.betType} ${d.combination}: dividend for 1.00`,
        before: dividendText(d.computed),
        after: dividendText(d.official),
      })),
    },
  });
}

/** Whether a stored proposal's payload is this entry: the same finish and official dividends. */
export function sameResultEntry(storedPayload: string, input: ResultInput): boolean {
  const stored = officialResultPayload.safeParse(JSON.parse(storedPayload));
  if (!stored.success) return false;
  const entry = (value: ResultInput) => JSON.stringify([value.finish, value.officialDividends ?? []]);
  return entry(stored.data) === entry(input);
}

/** The waiting approval of a race's official result, if any. */
export async function pendingOfficialResult(db: Kysely<Database>, raceId: number) {
  return db
    .selectFrom('dual_control_requests')
    .select(['id', 'payload', 'proposed_by_staff_id'])
    .where('kind', '=', DualControlKinds.officialResult)
    .where('subject', '=', `race:${raceId}`)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}
