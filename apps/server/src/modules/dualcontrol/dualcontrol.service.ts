import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  DualControlMessages,
  dualControlSummarySchema,
  type DualControlRequestView,
  type DualControlSummary,
} from '@karera/shared';
import type { Database, DualControlRequestsTable, StaffUser } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUniqueViolation, runIdempotent } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import { secondPersonRefusal } from '../staff/index.ts';

type Db = Kysely<Database> | Transaction<Database>;
type RequestRow = Selectable<DualControlRequestsTable>;

/** Who proposes or decides: a staff member and the address they called from, for the audit log. */
export interface DualControlActor {
  staffId: number;
  ip: string | null;
}

/** What apply and afterCommit know of the request they carry out. */
export interface DualControlContext {
  requestId: number;
  kind: string;
  subject: string;
  proposerId: number;
  approverId: number;
  ip: string | null;
  /** The app the approval came through (events, realtime, settlement), when it came through a route. */
  app?: FastifyInstance;
}

export interface DualControlKind<Payload> {
  kind: string;
  /** Checks the payload when it is proposed and again when it is applied (it was stored as JSON). */
  payloadSchema: z.ZodType<Payload>;
  /**
   * Makes the change, inside the approval's transaction, after the request was claimed (pending ->
   * approved): the change and the claim commit together or not at all. Throws an AppError to refuse.
   */
  apply(trx: Transaction<Database>, payload: Payload, context: DualControlContext): Promise<void>;
  /** Work that follows the commit (settling pools, telling other instances); failures are logged by the caller. */
  afterCommit?(payload: Payload, context: DualControlContext): Promise<void>;
}

/** Every kind's rules, keyed by kind. Registered once, when the module owning the kind is loaded. */
const kinds = new Map<string, DualControlKind<unknown>>();

export function registerDualControlKind<Payload>(definition: DualControlKind<Payload>): void {
  if (kinds.has(definition.kind)) throw new Error(`Dual control kind ${definition.kind} is registered twice`);
  kinds.set(definition.kind, definition as DualControlKind<unknown>);
}

function kindOf(kind: string): DualControlKind<unknown> {
  const definition = kinds.get(kind);
  if (!definition) throw new Error(`Unknown dual control kind ${kind}`);
  return definition;
}

export interface Proposal<Payload> {
  kind: string;
  /** What is changed (a settings key, a promo's id): one proposal waits per kind and subject. */
  subject: string;
  payload: Payload;
  summary: DualControlSummary;
}

async function insertProposal<Payload>(
  trx: Transaction<Database>,
  proposer: DualControlActor,
  proposal: Proposal<Payload>,
  payload: unknown,
): Promise<number> {
  const inserted = await trx
    .insertInto('dual_control_requests')
    .values({
      kind: proposal.kind,
      subject: proposal.subject,
      payload: JSON.stringify(payload),
      summary: JSON.stringify(proposal.summary),
      proposed_by_staff_id: proposer.staffId,
      proposed_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(
    trx,
    { type: 'staff', id: proposer.staffId, ip: proposer.ip },
    {
      action: 'dualcontrol.proposed',
      targetType: proposal.kind,
      targetId: proposal.subject,
      details: { requestId: inserted.id, summary: proposal.summary, payload },
    },
  );
  return inserted.id;
}

/**
 * Records a proposed change; nothing is applied until another admin approves it. In a caller's
 * transaction (a promo stored inactive with its activation proposed) or in its own. A second proposal
 * of the same kind and subject while one waits is refused (the partial unique index settles a race).
 */
export async function proposeChange<Payload>(
  db: Db,
  proposer: DualControlActor,
  proposal: Proposal<Payload>,
): Promise<DualControlRequestView> {
  const definition = kindOf(proposal.kind);
  const payload = definition.payloadSchema.parse(proposal.payload);
  dualControlSummarySchema.parse(proposal.summary);
  const existing = await db
    .selectFrom('dual_control_requests')
    .select('id')
    .where('kind', '=', proposal.kind)
    .where('subject', '=', proposal.subject)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (existing) throw conflict(DualControlMessages.alreadyPending);
  let id: number;
  try {
    id = db.isTransaction
      ? await insertProposal(db as Transaction<Database>, proposer, proposal, payload)
      : await db.transaction().execute((trx) => insertProposal(trx, proposer, proposal, payload));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DualControlMessages.alreadyPending);
    throw error;
  }
  return requestView(db, id);
}

async function findRequest(db: Db, id: number): Promise<RequestRow> {
  const row = await db.selectFrom('dual_control_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DualControlMessages.notFound);
  return row;
}

/**
 * The second admin's approval: refused to the proposer and to anyone who is not their independent second
 * person (decision 042); otherwise the request is claimed by a conditional update (pending -> approved) and
 * the change applied in the same transaction, under the approver's idempotency key. Two approvals at once
 * apply once; the other is told it was already decided. afterCommit runs once the commit is durable.
 */
export async function approveRequest(
  db: Kysely<Database>,
  approver: DualControlActor & { role: StaffUser['role'] },
  id: number,
  idempotencyKey: string,
  app?: FastifyInstance,
): Promise<{ request: DualControlRequestView; replayed: boolean }> {
  if (approver.role !== 'admin') throw forbidden(DualControlMessages.approverMustBeAdmin);
  const { body, replayed } = await runIdempotent(
    db,
    { scope: `staff:${approver.staffId}:dual-control-approve`, key: idempotencyKey, request: { id } },
    async (trx) => {
      const row = await findRequest(trx, id);
      if (row.status !== 'pending') throw conflict(DualControlMessages.alreadyDecided);
      if (row.proposed_by_staff_id === approver.staffId) throw forbidden(DualControlMessages.proposerCannotApprove);
      const refusal = await secondPersonRefusal(trx, { firstId: row.proposed_by_staff_id, secondId: approver.staffId });
      if (refusal !== null) throw forbidden(refusal);
      const definition = kindOf(row.kind);
      const parsed = definition.payloadSchema.safeParse(JSON.parse(row.payload));
      if (!parsed.success) throw badRequest(DualControlMessages.cannotApply);
      const claimed = await trx
        .updateTable('dual_control_requests')
        .set({ status: 'approved', decided_by_staff_id: approver.staffId, decided_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(DualControlMessages.alreadyDecided);
      const context: DualControlContext = {
        requestId: id,
        kind: row.kind,
        subject: row.subject,
        proposerId: row.proposed_by_staff_id,
        approverId: approver.staffId,
        ip: approver.ip,
      };
      // The app reaches apply too (its hooks), never the stored context.
      await definition.apply(trx, parsed.data, app ? { ...context, app } : context);
      await recordAudit(
        trx,
        { type: 'staff', id: approver.staffId, ip: approver.ip },
        {
          action: 'dualcontrol.approved',
          targetType: row.kind,
          targetId: row.subject,
          details: {
            requestId: id,
            proposedBy: row.proposed_by_staff_id,
            summary: JSON.parse(row.summary) as unknown,
          },
        },
      );
      return { payload: parsed.data, context };
    },
  );
  if (!replayed) {
    const definition = kindOf(body.context.kind);
    if (definition.afterCommit) {
      try {
        await definition.afterCommit(body.payload, { ...body.context, ...(app ? { app } : {}) });
      } catch (error) {
        // The change is committed; what follows it is retried by its own module's recovery, never undone here.
        app?.log.error({ err: error, requestId: id }, 'dual control afterCommit failed');
      }
    }
  }
  return { request: await requestView(db, id), replayed };
}

/**
 * Rejects a waiting change; nothing is applied. Any admin may reject, the proposer too (withdrawing their
 * own proposal): a rejection moves nothing. Claimed by the same conditional update as an approval.
 */
export async function rejectRequest(
  db: Kysely<Database>,
  staff: DualControlActor & { role: StaffUser['role'] },
  id: number,
  note: string,
): Promise<DualControlRequestView> {
  if (staff.role !== 'admin') throw forbidden(DualControlMessages.approverMustBeAdmin);
  await db.transaction().execute(async (trx) => {
    const row = await findRequest(trx, id);
    const claimed = await trx
      .updateTable('dual_control_requests')
      .set({ status: 'rejected', decided_by_staff_id: staff.staffId, decided_at: nowIso(), decision_note: note })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict(DualControlMessages.alreadyDecided);
    await recordAudit(
      trx,
      { type: 'staff', id: staff.staffId, ip: staff.ip },
      {
        action: 'dualcontrol.rejected',
        targetType: row.kind,
        targetId: row.subject,
        details: {
          requestId: id,
          proposedBy: row.proposed_by_staff_id,
          note,
          summary: JSON.parse(row.summary) as unknown,
        },
      },
    );
  });
  return requestView(db, id);
}

function baseQuery(db: Db) {
  return db
    .selectFrom('dual_control_requests as r')
    .innerJoin('staff_users as p', 'p.id', 'r.proposed_by_staff_id')
    .leftJoin('staff_users as d', 'd.id', 'r.decided_by_staff_id')
    .selectAll('r')
    .select([
      'p.username as proposer_username',
      'p.display_name as proposer_name',
      'd.username as decider_username',
      'd.display_name as decider_name',
    ]);
}

type ViewRow = RequestRow & {
  proposer_username: string;
  proposer_name: string;
  decider_username: string | null;
  decider_name: string | null;
};

function toView(row: ViewRow): DualControlRequestView {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    summary: dualControlSummarySchema.parse(JSON.parse(row.summary)),
    status: row.status,
    proposedBy: { id: row.proposed_by_staff_id, username: row.proposer_username, displayName: row.proposer_name },
    proposedAt: row.proposed_at,
    decidedBy:
      row.decided_by_staff_id === null
        ? null
        : {
            id: row.decided_by_staff_id,
            username: row.decider_username ?? '',
            displayName: row.decider_name ?? '',
          },
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
  };
}

export async function requestView(db: Db, id: number): Promise<DualControlRequestView> {
  const row = await baseQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DualControlMessages.notFound);
  return toView(row);
}

const RECENT_LIMIT = 50;

/** Waiting changes, oldest first, and the last decided, newest first; optionally of some kinds only. */
export async function listRequests(
  db: Db,
  options: { kinds?: readonly string[] } = {},
): Promise<{ pending: DualControlRequestView[]; recent: DualControlRequestView[] }> {
  let pending = baseQuery(db).where('r.status', '=', 'pending');
  let recent = baseQuery(db).where('r.status', '<>', 'pending');
  if (options.kinds) {
    pending = pending.where('r.kind', 'in', [...options.kinds]);
    recent = recent.where('r.kind', 'in', [...options.kinds]);
  }
  const [pendingRows, recentRows] = await Promise.all([
    pending.orderBy('r.id', 'asc').execute(),
    recent.orderBy('r.decided_at', 'desc').orderBy('r.id', 'desc').limit(RECENT_LIMIT).execute(),
  ]);
  return { pending: pendingRows.map(toView), recent: recentRows.map(toView) };
}

/** The waiting request of a kind and subject, if any (a form shows it; a promo's edit waits for it). */
export async function pendingRequestFor(db: Db, kind: string, subject: string): Promise<DualControlRequestView | null> {
  const row = await baseQuery(db)
    .where('r.kind', '=', kind)
    .where('r.subject', '=', subject)
    .where('r.status', '=', 'pending')
    .executeTakeFirst();
  return row ? toView(row) : null;
}
