import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * The playerId that forgotPassword and resendOTP answer (decision 043). Both answer a
 * playerId, which the next step (resetPassword, the sign-up code) sends back. Answering a known number's
 * own id and an unknown number's stand-in told them apart however the stand-in was made: real ids are
 * small and sequential, so a stand-in among them moves as players register and may be someone's, and one
 * outside them stands out. So every number, with an account or not, gets an id of one kind: a keyed
 * permutation of the number itself, in a range no row id reaches. It is stable for the number (the key
 * is drawn once, by a migration, and shared by every instance), reveals nothing about an account, never
 * collides with another number's, and the server turns it back into the number when the code comes back.
 */

/** Code-request ids are this plus a number's permuted 9 digits: above every row id the tables will hold. */
export const CODE_REQUEST_ID_BASE = 2 ** 30;
/** 09 plus nine digits: the numbers a stored mobile number can be. */
const NUMBERS = 1_000_000_000;
const HALF_BITS = 15;
const HALF_MASK = (1 << HALF_BITS) - 1;
const ROUNDS = 10;

/** A round of the Feistel network: 15 bits of HMAC-SHA-256 of the round and one half. */
function roundValue(key: Buffer, round: number, half: number): number {
  const input = Buffer.alloc(8);
  input.writeUInt32BE(round, 0);
  input.writeUInt32BE(half, 4);
  return createHmac('sha256', key).update(input).digest().readUInt16BE(0) & HALF_MASK;
}

/** A keyed permutation of the 30-bit numbers (a balanced Feistel network of HMAC rounds). */
function permute(key: Buffer, value: number): number {
  let left = value >>> HALF_BITS;
  let right = value & HALF_MASK;
  for (let round = 0; round < ROUNDS; round += 1) {
    [left, right] = [right, left ^ roundValue(key, round, right)];
  }
  return left * (1 << HALF_BITS) + right;
}

function unpermute(key: Buffer, value: number): number {
  let left = value >>> HALF_BITS;
  let right = value & HALF_MASK;
  for (let round = ROUNDS - 1; round >= 0; round -= 1) {
    [left, right] = [right ^ roundValue(key, round, left), left];
  }
  return left * (1 << HALF_BITS) + right;
}

/** A permutation of 0..NUMBERS-1: the 30-bit one, applied again while it lands past the end (cycle walking). */
function encipher(key: Buffer, digits: number): number {
  let value = permute(key, digits);
  while (value >= NUMBERS) value = permute(key, value);
  return value;
}

function decipher(key: Buffer, enciphered: number): number {
  let value = unpermute(key, enciphered);
  while (value >= NUMBERS) value = unpermute(key, value);
  return value;
}

/** The id answered for a stored-form number (09 plus nine digits). */
export function codeRequestIdOf(key: Buffer, mobileNo: string): number {
  if (!/^09\d{9}$/.test(mobileNo)) throw new Error('A code-request id is made from a stored-form mobile number');
  return CODE_REQUEST_ID_BASE + encipher(key, Number(mobileNo.slice(2)));
}

/** The number a code-request id was made from; null for any other id (a row id, or past the range). */
export function mobileOfCodeRequestId(key: Buffer, id: number): string | null {
  if (!Number.isSafeInteger(id) || id < CODE_REQUEST_ID_BASE || id >= CODE_REQUEST_ID_BASE + NUMBERS) return null;
  return `09${String(decipher(key, id - CODE_REQUEST_ID_BASE)).padStart(9, '0')}`;
}

const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/** The key, read once per database handle: the migration drew it, so every instance reads the same. */
export function codeRequestIdKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'code-request-ids')
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'hex'));
    // A failed read is tried again by the next request, not remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}
