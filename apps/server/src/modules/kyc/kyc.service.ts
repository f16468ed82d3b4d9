import type { KycHookRunner } from './kyc-hooks.ts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  formatPeso,
  isOfAge,
  KYC_PHOTO_KINDS,
  KycMessages,
  manilaDateOf,
  normalizeIdNumber,
  StatusCode,
  type KycIdType,
  type KycPlayerResponse,
  type KycStatus,
  type KycStatusResponse,
  type KycSubmissionInput,
  type KycSubmissionStatus,
  type KycSubmissionView,
} from '@karera/shared';
import type { Database, KycSubmissionsTable, StaffUser } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/idempotency.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/index.ts';
import { isIdentityExcluded, isPlayerExcluded } from '../rglimits/index.ts';
import { storedKycPhoto } from './kyc-photos.ts';

type Db = Kysely<Database> | Transaction<Database>;
type SubmissionRow = Selectable<KycSubmissionsTable>;

export interface KycDeps {
  db: Kysely<Database>;
  /** The clock ages are read against (Manila date); the tests may set it. */
  now: () => Date;
}

/** The gates' settings (config.kyc): whether on, and the deposit total in centavos that needs verifying. */
export interface KycGateSettings {
  gates: boolean;
  depositThreshold: number;
}

function newestSubmission(db: Db, playerId: number): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The player's status: their newest submission's, or 'none'. */
export async function kycStatusOf(db: Db, playerId: number): Promise<KycStatus> {
  return (await newestSubmission(db, playerId))?.status ?? 'none';
}

/** The player's own view, with the configured deposit total past which they must verify (their page says it). */
export async function playerKycStatus(
  db: Db,
  playerId: number,
  settings: Pick<KycGateSettings, 'depositThreshold'>,
): Promise<KycStatusResponse> {
  const row = await newestSubmission(db, playerId);
  return {
    statusCode: 200,
    status: row?.status ?? 'none',
    reason: row?.reason ?? null,
    submittedAt: row?.created_at ?? null,
    decidedAt: row?.decided_at ?? null,
    depositThreshold: settings.depositThreshold,
  };
}

const refusedForGates = (message: string) => new AppError(403, StatusCode.FORBIDDEN, message);

/**
 * The payments' gate (issue 22): a withdrawal needs a verified identity, and so does a deposit that takes
 * the player's deposits (pending and approved) past the threshold. Called inside the payment's own
 * transaction, so the total it reads is the one the request is added to.
 */
export async function requireKycForPayment(
  trx: Db,
  playerId: number,
  payment: { kind: 'DEPOSIT'; amount: number } | { kind: 'WITHDRAW' },
  settings: KycGateSettings,
): Promise<void> {
  if (!settings.gates) return;
  if ((await kycStatusOf(trx, playerId)) === 'verified') return;
  if (payment.kind === 'WITHDRAW') throw refusedForGates(KycMessages.withdrawNeedsVerification);
  const { total } = await trx
    .selectFrom('payment_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .where('status', 'in', ['PENDING', 'APPROVED'])
    .executeTakeFirstOrThrow();
  if (Number(total) + payment.amount > settings.depositThreshold) {
    throw refusedForGates(KycMessages.depositNeedsVerification(formatPeso(settings.depositThreshold)));
  }
}

/** Other accounts holding this ID in a submission that is waiting or verified. */
async function holdersOf(db: Db, playerId: number, idType: string, idNumberKey: string) {
  return db
    .selectFrom('kyc_submissions')
    .select('player_id')
    .distinct()
    .where('id_type', '=', idType)
    .where('id_number_key', '=', idNumberKey)
    .where('status', 'in', ['pending', 'verified'])
    .where('player_id', '!=', playerId)
    .execute();
}

/** Other accounts that ever presented this ID (any status: a rejected try still names the person). */
async function presentersOf(db: Db, playerId: number, idType: string, idNumberKey: string): Promise<number[]> {
  const rows = await db
    .selectFrom('kyc_submissions')
    .select('player_id')
    .distinct()
    .where('id_type', '=', idType)
    .where('id_number_key', '=', idNumberKey)
    .where('player_id', '!=', playerId)
    .execute();
  return rows.map((row) => row.player_id);
}

/**
 * A player's submission: refused while one waits or after a verification or a final rejection; refused
 * under 21 (Manila date) and when another account holds the same ID (that try is kept for staff). Photos
 * are decoded and re-encoded before the transaction (libvips work holds no database lock).
 */
export async function submitKyc(
  deps: KycDeps,
  playerId: number,
  input: KycSubmissionInput,
  ip: string | null,
): Promise<{ statusCode: 200; statusMessage: string }> {
  const { db } = deps;
  const current = await kycStatusOf(db, playerId);
  if (current === 'pending') throw conflict(KycMessages.alreadyPending);
  if (current === 'verified') throw conflict(KycMessages.alreadyVerified);
  if (current === 'rejected') throw conflict(KycMessages.rejectedFinal);
  if (!isOfAge(input.dateOfBirth, manilaDateOf(deps.now()))) {
    throw badRequest(KycMessages.underAge, { dateOfBirth: KycMessages.underAge });
  }
  const idNumberKey = normalizeIdNumber(input.idNumber);
  const photos = [await storedKycPhoto('idPhoto', input.idPhoto), await storedKycPhoto('selfie', input.selfie)];

  const outcome = await db
    .transaction()
    .execute(async (trx) => {
      // Re-registration: a new account presenting the ID of an account on a break or excluded (decision 034).
      const presenters = await presentersOf(trx, playerId, input.idType, idNumberKey);
      if (await isIdentityExcluded(trx, presenters)) {
        const excluded: number[] = [];
        for (const other of presenters) if (await isPlayerExcluded(trx, other)) excluded.push(other);
        const createdAt = nowIso();
        for (const other of excluded) {
          await trx
            .insertInto('kyc_duplicate_attempts')
            .values({
              player_id: playerId,
              other_player_id: other,
              id_type: input.idType,
              id_number_key: idNumberKey,
              created_at: createdAt,
            })
            .execute();
        }
        await recordAudit(
          trx,
          { type: 'player', id: playerId, ip },
          {
            action: 'kyc.excluded_identity_refused',
            targetType: 'player',
            targetId: playerId,
            details: { idType: input.idType, excludedPlayerIds: excluded },
          },
        );
        return 'excluded' as const;
      }
      const holders = await holdersOf(trx, playerId, input.idType, idNumberKey);
      if (holders.length > 0) {
        const createdAt = nowIso();
        for (const holder of holders) {
          await trx
            .insertInto('kyc_duplicate_attempts')
            .values({
              player_id: playerId,
              other_player_id: holder.player_id,
              id_type: input.idType,
              id_number_key: idNumberKey,
              created_at: createdAt,
            })
            .execute();
        }
        await recordAudit(
          trx,
          { type: 'player', id: playerId, ip },
          {
            action: 'kyc.duplicate_id_refused',
            targetType: 'player',
            targetId: playerId,
            details: { idType: input.idType, otherPlayerIds: holders.map((h) => h.player_id) },
          },
        );
        return 'duplicate' as const;
      }
      const createdAt = nowIso();
      const { id } = await trx
        .insertInto('kyc_submissions')
        .values({
          player_id: playerId,
          legal_name: input.legalName.trim(),
          date_of_birth: input.dateOfBirth,
          id_type: input.idType,
          id_number: input.idNumber.trim(),
          id_number_key: idNumberKey,
          declarations: JSON.stringify(input.declarations),
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const photo of photos) {
        await trx
          .insertInto('kyc_photos')
          .values({
            submission_id: id,
            kind: photo.kind,
            content_type: photo.contentType,
            width: photo.width,
            height: photo.height,
            data: photo.data,
            created_at: createdAt,
          })
          .execute();
      }
      await recordAudit(
        trx,
        { type: 'player', id: playerId, ip },
        { action: 'kyc.submitted', targetType: 'kyc_submission', targetId: id, details: { idType: input.idType } },
      );
      return 'submitted' as const;
    })
    .catch((error: unknown) => {
      // Two submissions of one player at once: the unique index lets one wait.
      if (isUniqueViolation(error)) throw conflict(KycMessages.alreadyPending);
      throw error;
    });
  if (outcome === 'duplicate') throw conflict(KycMessages.duplicateId);
  if (outcome === 'excluded') throw forbidden(KycMessages.identityExcluded);
  return { statusCode: 200, statusMessage: KycMessages.submitted };
}

// Back office.

async function viewsOf(db: Db, rows: SubmissionRow[]): Promise<KycSubmissionView[]> {
  if (rows.length === 0) return [];
  const playerIds = [...new Set(rows.map((r) => r.player_id))];
  const staffIds = [...new Set(rows.map((r) => r.decided_by_staff_id).filter((id): id is number => id !== null))];
  const submissionIds = rows.map((r) => r.id);
  const players = await db.selectFrom('players').select(['id', 'mobile_no']).where('id', 'in', playerIds).execute();
  const staff =
    staffIds.length > 0
      ? await db.selectFrom('staff_users').select(['id', 'username']).where('id', 'in', staffIds).execute()
      : [];
  const photos = await db
    .selectFrom('kyc_photos')
    .select(['submission_id', 'kind', 'width', 'height'])
    .where('submission_id', 'in', submissionIds)
    .execute();
  // Same ID elsewhere: other accounts' submissions, and refused tries either way round.
  const keys = rows.map((r) => `${r.id_type}:${r.id_number_key}`);
  const sameId = await db
    .selectFrom('kyc_submissions as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(['s.player_id', 's.id_type', 's.id_number_key', 'p.mobile_no'])
    .where(
      's.id_number_key',
      'in',
      rows.map((r) => r.id_number_key),
    )
    .execute();
  const tries = await db
    .selectFrom('kyc_duplicate_attempts as d')
    .innerJoin('players as p', 'p.id', 'd.player_id')
    .select(['d.player_id', 'd.id_type', 'd.id_number_key', 'p.mobile_no'])
    .where(
      'd.id_number_key',
      'in',
      rows.map((r) => r.id_number_key),
    )
    .execute();
  const mobileOf = (id: number) => players.find((p) => p.id === id)?.mobile_no ?? '';
  return rows.map((row, index) => {
    const duplicates = new Map<number, string>();
    for (const other of [...sameId, ...tries]) {
      if (`${other.id_type}:${other.id_number_key}` === keys[index] && other.player_id !== row.player_id) {
        duplicates.set(other.player_id, other.mobile_no);
      }
    }
    const decider = staff.find((s) => s.id === row.decided_by_staff_id);
    return {
      id: row.id,
      playerId: row.player_id,
      mobileNo: mobileOf(row.player_id),
      status: row.status,
      legalName: row.legal_name,
      dateOfBirth: row.date_of_birth,
      idType: row.id_type as KycIdType,
      idNumber: row.id_number,
      reason: row.reason,
      submittedAt: row.created_at,
      decidedAt: row.decided_at,
      decidedBy: decider ? { id: decider.id, username: decider.username } : null,
      duplicateOf: [...duplicates].map(([playerId, mobileNo]) => ({ playerId, mobileNo })),
      photos: KYC_PHOTO_KINDS.flatMap((kind) =>
        photos
          .filter((p) => p.submission_id === row.id && p.kind === kind)
          .map((p) => ({ kind, width: p.width, height: p.height })),
      ),
    };
  });
}

const QUEUE_LIMIT = 100;

/** Submissions of one status, oldest first: the queue staff work through. */
export async function kycQueue(db: Db, status: KycSubmissionStatus): Promise<KycSubmissionView[]> {
  const rows = await db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('status', '=', status)
    .orderBy('id', status === 'pending' ? 'asc' : 'desc')
    .limit(QUEUE_LIMIT)
    .execute();
  return viewsOf(db, rows);
}

export async function kycSubmission(db: Db, id: number): Promise<KycSubmissionView> {
  const row = await db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(KycMessages.notFound);
  const [view] = await viewsOf(db, [row]);
  if (!view) throw notFound(KycMessages.notFound);
  return view;
}

export async function playerKycForStaff(db: Db, playerId: number): Promise<Omit<KycPlayerResponse, 'statusCode'>> {
  const rows = await db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .execute();
  const attempts = await db
    .selectFrom('kyc_duplicate_attempts as d')
    .innerJoin('players as p', 'p.id', 'd.other_player_id')
    .select(['d.id_type', 'd.other_player_id', 'p.mobile_no', 'd.created_at'])
    .where('d.player_id', '=', playerId)
    .orderBy('d.id', 'desc')
    .execute();
  return {
    status: rows[0]?.status ?? 'none',
    submissions: await viewsOf(db, rows),
    duplicateAttempts: attempts.map((a) => ({
      idType: a.id_type as KycIdType,
      otherPlayerId: a.other_player_id,
      otherMobileNo: a.mobile_no,
      at: a.created_at,
    })),
  };
}

export function kycPhoto(db: Db, submissionId: number, kind: string) {
  return db
    .selectFrom('kyc_photos')
    .select(['content_type', 'data'])
    .where('submission_id', '=', submissionId)
    .where('kind', '=', kind === 'selfie' ? 'selfie' : 'idPhoto')
    .executeTakeFirst();
}

const DECISION_ACTIONS = {
  verified: 'kyc.approved',
  rejected: 'kyc.rejected',
  resubmit: 'kyc.asked_again',
} as const;

/**
 * Approve, reject (a reason the player reads) or ask again: only a pending submission, exactly one of
 * several racing decisions wins, and the decision is audited in the same transaction. An approval of an
 * ID already verified on another account is refused (the unique index decides when two race).
 */
export async function decideKyc(
  db: Kysely<Database>,
  staff: Pick<StaffUser, 'id'>,
  id: number,
  decision: { status: 'verified' | 'rejected' | 'resubmit'; reason: string | null },
  ip: string | null,
  hooks?: KycHookRunner,
): Promise<KycSubmissionView> {
  await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(KycMessages.notFound);
      if (row.status !== 'pending') throw conflict(KycMessages.alreadyDecided);
      const claimed = await trx
        .updateTable('kyc_submissions')
        .set({ status: decision.status, reason: decision.reason, decided_by_staff_id: staff.id, decided_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(KycMessages.alreadyDecided);
      await recordAudit(
        trx,
        { type: 'staff', id: staff.id, ip },
        {
          action: DECISION_ACTIONS[decision.status],
          targetType: 'kyc_submission',
          targetId: id,
          details: { playerId: row.player_id, reason: decision.reason },
        },
      );
      await hooks?.run('kyc.decided', trx, {
        submissionId: id,
        playerId: row.player_id,
        status: decision.status,
        reason: decision.reason,
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(KycMessages.duplicateVerified);
      throw error;
    });
  return kycSubmission(db, id);
}
