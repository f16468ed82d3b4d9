import type { Kysely } from 'kysely';
import {
  AML_LATER_TRANSACTIONS,
  AML_PAGE_SIZE,
  AML_REPORT_COLUMNS,
  AmlMessages,
  csvField,
  formatManilaDateTime,
  paymentTransactionId,
  pesosText,
  type AmlFlagDetailResponse,
  type AmlFlagView,
  type AmlReportExportResponse,
  type AmlResolution,
  type AmlRule,
  type AmlStatus,
  type AmlTransactionView,
} from '@karera/shared';
import type { Database, StaffUser } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';

/** The AML queue for compliance staff (decision 035): read, add notes, resolve once, export reports. */

type Staff = Pick<StaffUser, 'id'>;

function flagQuery(db: Kysely<Database>) {
  return db
    .selectFrom('aml_flags as f')
    .innerJoin('players as p', 'p.id', 'f.player_id')
    .leftJoin('aml_flag_events as resolution', (join) =>
      join.onRef('resolution.flag_id', '=', 'f.id').on('resolution.kind', '=', 'RESOLUTION'),
    )
    .select([
      'f.id',
      'f.rule',
      'f.player_id',
      'f.amount',
      'f.summary',
      'f.raised_at',
      'p.first_name',
      'p.last_name',
      'p.mobile_no',
      'resolution.resolution',
      'resolution.created_at as resolved_at',
    ]);
}
type FlagRow = Awaited<ReturnType<ReturnType<typeof flagQuery>['executeTakeFirstOrThrow']>>;

function toFlagView(row: FlagRow): AmlFlagView {
  return {
    id: row.id,
    rule: row.rule as AmlRule,
    status: row.resolution ?? 'OPEN',
    playerId: row.player_id,
    playerName: `${row.first_name} ${row.last_name}`,
    mobileNo: row.mobile_no,
    amount: row.amount,
    summary: row.summary,
    raisedAt: row.raised_at,
    resolvedAt: row.resolved_at,
  };
}

function withStatus<Q extends ReturnType<typeof flagQuery>>(query: Q, status: AmlStatus | undefined): Q {
  if (!status) return query;
  return (
    status === 'OPEN' ? query.where('resolution.id', 'is', null) : query.where('resolution.resolution', '=', status)
  ) as Q;
}

export async function listAmlFlags(
  db: Kysely<Database>,
  options: { rule?: AmlRule | undefined; status?: AmlStatus | undefined; page: number },
): Promise<{ flags: AmlFlagView[]; total: number }> {
  let query = withStatus(flagQuery(db), options.status);
  if (options.rule) query = query.where('f.rule', '=', options.rule);
  const rows = await query
    .orderBy('f.id', 'desc')
    .limit(AML_PAGE_SIZE)
    .offset((options.page - 1) * AML_PAGE_SIZE)
    .execute();
  let count = withStatus(flagQuery(db), options.status);
  if (options.rule) count = count.where('f.rule', '=', options.rule);
  const { total } = await count
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { flags: rows.map(toFlagView), total: Number(total) };
}

async function transactionsOf(db: Kysely<Database>, flagIds: number[]) {
  if (flagIds.length === 0) return [];
  return db
    .selectFrom('aml_flag_transactions as ft')
    .innerJoin('payment_requests as r', 'r.id', 'ft.payment_request_id')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .selectAll('r')
    .select(['ft.flag_id', 'p.first_name', 'p.last_name', 'p.mobile_no'])
    .where('ft.flag_id', 'in', flagIds)
    .orderBy('ft.flag_id')
    .orderBy('r.id')
    .execute();
}
type TransactionRow = Omit<Awaited<ReturnType<typeof transactionsOf>>[number], 'flag_id'>;

/**
 * The subject's transactions after the flag: deposits and withdrawals of the flag's player and of the
 * players behind its transactions, asked for after it was raised and (once resolved) before that,
 * other than those behind it; newest first.
 */
async function laterTransactionsOf(
  db: Kysely<Database>,
  flag: { id: number; player_id: number; raised_at: string; resolved_at: string | null },
  linked: TransactionRow[],
) {
  const players = [...new Set([flag.player_id, ...linked.map((row) => row.player_id)])];
  let query = db
    .selectFrom('payment_requests as r')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .selectAll('r')
    .select(['p.first_name', 'p.last_name', 'p.mobile_no'])
    .where('r.player_id', 'in', players)
    .where('r.created_at', '>', flag.raised_at);
  if (flag.resolved_at !== null) query = query.where('r.created_at', '<=', flag.resolved_at);
  if (linked.length > 0)
    query = query.where(
      'r.id',
      'not in',
      linked.map((row) => row.id),
    );
  return query.orderBy('r.id', 'desc').limit(AML_LATER_TRANSACTIONS).execute();
}

function toTransactionView(row: TransactionRow): AmlTransactionView {
  return {
    id: row.id,
    transactionId: paymentTransactionId(row.kind, row.id),
    kind: row.kind,
    status: row.status,
    playerId: row.player_id,
    playerName: `${row.first_name} ${row.last_name}`,
    amount: row.amount,
    channel: row.channel,
    accountNumber: row.account_number,
    senderNumber: row.sender_number,
    referenceNumber: row.reference_number,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

export async function amlFlagDetail(db: Kysely<Database>, flagId: number): Promise<AmlFlagDetailResponse> {
  const row = await flagQuery(db).where('f.id', '=', flagId).executeTakeFirst();
  if (!row) throw notFound(AmlMessages.flagNotFound);
  const transactions = await transactionsOf(db, [flagId]);
  const later = await laterTransactionsOf(db, { ...row, id: flagId }, transactions);
  const events = await db
    .selectFrom('aml_flag_events as e')
    .innerJoin('staff_users as s', 's.id', 'e.staff_id')
    .select(['e.id', 'e.kind', 'e.resolution', 'e.note', 'e.created_at', 's.display_name'])
    .where('e.flag_id', '=', flagId)
    .orderBy('e.id')
    .execute();
  return {
    statusCode: 200,
    flag: toFlagView(row),
    transactions: transactions.map(toTransactionView),
    laterTransactions: later.map(toTransactionView),
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      resolution: event.resolution,
      note: event.note,
      staffName: event.display_name,
      createdAt: event.created_at,
    })),
  };
}

/** A note is a new row, never an edit; audited in the same transaction. */
export async function addAmlNote(
  db: Kysely<Database>,
  staff: Staff,
  flagId: number,
  note: string,
  ip: string | null,
): Promise<AmlFlagDetailResponse> {
  await db.transaction().execute(async (trx) => {
    const flag = await trx.selectFrom('aml_flags').select('id').where('id', '=', flagId).executeTakeFirst();
    if (!flag) throw notFound(AmlMessages.flagNotFound);
    await trx
      .insertInto('aml_flag_events')
      .values({ flag_id: flagId, kind: 'NOTE', resolution: null, note, staff_id: staff.id, created_at: nowIso() })
      .execute();
    await recordAudit(
      trx,
      { type: 'staff', id: staff.id, ip },
      {
        action: 'aml.note_added',
        targetType: 'aml_flag',
        targetId: flagId,
        details: { note },
      },
    );
  });
  return amlFlagDetail(db, flagId);
}

/**
 * Resolves an open flag: one RESOLUTION row (a unique index allows one per flag, so of two staff resolving at
 * once one wins and the other is told it is resolved), audited in the same transaction.
 */
export async function resolveAmlFlag(
  db: Kysely<Database>,
  staff: Staff,
  flagId: number,
  resolution: AmlResolution,
  note: string,
  ip: string | null,
): Promise<AmlFlagDetailResponse> {
  await db.transaction().execute(async (trx) => {
    const flag = await flagQuery(trx).where('f.id', '=', flagId).executeTakeFirst();
    if (!flag) throw notFound(AmlMessages.flagNotFound);
    if (flag.resolution) throw conflict(AmlMessages.alreadyResolved);
    try {
      await trx
        .insertInto('aml_flag_events')
        .values({ flag_id: flagId, kind: 'RESOLUTION', resolution, note, staff_id: staff.id, created_at: nowIso() })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(AmlMessages.alreadyResolved);
      throw error;
    }
    await recordAudit(
      trx,
      { type: 'staff', id: staff.id, ip },
      {
        action: resolution === 'REPORTED' ? 'aml.flag_reported' : 'aml.flag_no_action',
        targetType: 'aml_flag',
        targetId: flagId,
        details: { rule: flag.rule, playerId: flag.player_id, note },
      },
    );
  });
  return amlFlagDetail(db, flagId);
}

/**
 * The reported cases, one CSV row per transaction behind each: what a covered or suspicious transaction
 * report asks for (who, which transactions, when in Manila time, how much in pesos, through which channel and
 * reference, the rule, the narrative). The name and ID are the verified identity's (decision 033) where the
 * player has one, else the registered name, marked unverified.
 */
export async function exportAmlReports(
  db: Kysely<Database>,
  staff: Staff,
  ip: string | null,
): Promise<AmlReportExportResponse> {
  const reported = await flagQuery(db)
    .select('resolution.note as narrative')
    .where('resolution.resolution', '=', 'REPORTED')
    .orderBy('f.id')
    .execute();
  const transactions = await transactionsOf(
    db,
    reported.map((flag) => flag.id),
  );
  // The verified identity (decision 033) where the player has one: its legal name and ID for the report.
  const playerIds = [...new Set(transactions.map((row) => row.player_id))];
  const identities = new Map<number, { legalName: string; idType: string; idNumber: string }>();
  if (playerIds.length > 0) {
    const verified = await db
      .selectFrom('kyc_submissions')
      .select(['player_id', 'legal_name', 'id_type', 'id_number'])
      .where('player_id', 'in', playerIds)
      .where('status', '=', 'verified')
      .orderBy('id')
      .execute();
    for (const row of verified) {
      identities.set(row.player_id, { legalName: row.legal_name, idType: row.id_type, idNumber: row.id_number });
    }
  }
  const lines = [AML_REPORT_COLUMNS.join(',')];
  for (const flag of reported) {
    for (const row of transactions.filter((t) => t.flag_id === flag.id)) {
      const values: Record<(typeof AML_REPORT_COLUMNS)[number], string | number | null> = {
        flag_id: flag.id,
        rule: flag.rule,
        reported_at_manila: flag.resolved_at ? formatManilaDateTime(flag.resolved_at) : null,
        player_id: row.player_id,
        player_name: identities.get(row.player_id)?.legalName ?? `${row.first_name} ${row.last_name}`,
        name_verified: identities.has(row.player_id) ? 'yes' : 'no',
        id_type: identities.get(row.player_id)?.idType ?? null,
        id_number: identities.get(row.player_id)?.idNumber ?? null,
        mobile_no: row.mobile_no,
        transaction_id: paymentTransactionId(row.kind, row.id),
        transaction_type: row.kind,
        transaction_status: row.status,
        transaction_date_manila: formatManilaDateTime(row.decided_at ?? row.created_at),
        amount_php: pesosText(row.amount),
        channel: row.channel,
        account_number: row.account_number,
        sender_number: row.sender_number,
        reference_number: row.reference_number,
        narrative: flag.narrative,
      };
      lines.push(AML_REPORT_COLUMNS.map((column) => csvField(values[column])).join(','));
    }
  }
  await recordAudit(
    db,
    { type: 'staff', id: staff.id, ip },
    {
      action: 'aml.reports_exported',
      details: { flags: reported.length },
    },
  );
  const today = new Date().toISOString().slice(0, 10);
  return { statusCode: 200, fileName: `aml-reports-${today}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
