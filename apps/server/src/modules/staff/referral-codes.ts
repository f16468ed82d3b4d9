import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findStaffByReferralCode } from './staff.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Letters and digits that read back unambiguously from a phone screen or a flyer (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const SUFFIX_LENGTH = 4;
const PREFIX_LENGTH = 8;
const ATTEMPTS = 20;

/**
 * A referral code for a new account, free among staff: the start of the username, upper-cased (letters
 * and digits only), and four random characters, e.g. JUANDC7K3P. Within the staff rule (4-20 letters and
 * digits); 31^4 (about 920,000) codes per prefix, so a free one comes at the first try or the next.
 */
export async function freeReferralCode(db: Db, username: string): Promise<string> {
  const prefix = username
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PREFIX_LENGTH);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let suffix = '';
    for (let i = 0; i < SUFFIX_LENGTH + (attempt >= ATTEMPTS / 2 ? 2 : 0); i += 1) {
      suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    }
    const code = `${prefix || 'KARERA'}${suffix}`;
    if (!(await findStaffByReferralCode(db, code))) return code;
  }
  throw new Error('no free referral code after 20 attempts');
}
