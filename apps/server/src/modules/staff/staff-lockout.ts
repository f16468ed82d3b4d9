import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Per-account lockout of staff sign-in (decision 021), whatever address the attempts come from: five
 * failures in a row are free, then each further one makes the account wait twice as long (1 s, 2 s,
 * 4 s ...) up to 15 minutes; a success resets the count. A username nobody has is counted the same, so
 * the answers and their timing tell nothing about which usernames exist.
 */
export const FREE_FAILURES = 5;
export const MAX_LOCK_MS = 15 * 60 * 1000;

/** How long the account waits after its `failures`-th failure in a row. */
export function lockoutDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - FREE_FAILURES, 30), MAX_LOCK_MS);
}

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const keyOf = (username: string) => username.trim().toLowerCase();

/**
 * Starts an attempt: refused while the account waits; otherwise counted as a failure at once (and the
 * wait it would bring set), so parallel attempts cannot all pass before the first one fails. A failure
 * then restarts that wait from its end (recordSignInFailure); a success clears the count
 * (clearSignInFailures); a right password with a second step to come takes its count back
 * (forgiveSignInAttempt).
 */
export async function beginSignInAttempt(
  db: Kysely<Database>,
  username: string,
  now: Date = new Date(),
): Promise<SignInAttempt> {
  const key = keyOf(username);
  const nowIso = now.toISOString();
  // A success in parallel (clearSignInFailures) may delete the row between two statements: start again
  // (a few times at most; only a flood of successes could take it away each time).
  for (let tries = 1; ; tries += 1) {
    const attempt = await db.transaction().execute(async (trx) => {
      // One statement inserts the row or counts on it; the row lock it takes (PostgreSQL) holds a
      // parallel attempt until the wait below is set.
      const counted = await trx
        .insertInto('staff_login_throttle')
        .values({ username: key, failures: 1, locked_until: null, updated_at: nowIso })
        .onConflict((conflict) =>
          conflict
            .column('username')
            .doUpdateSet((eb) => ({
              failures: eb('staff_login_throttle.failures', '+', 1),
              locked_until: null,
              updated_at: nowIso,
            }))
            .where((eb) =>
              eb.or([
                eb('staff_login_throttle.locked_until', 'is', null),
                eb('staff_login_throttle.locked_until', '<=', nowIso),
              ]),
            ),
        )
        .returning('failures')
        .executeTakeFirst();
      if (!counted) {
        const row = await trx
          .selectFrom('staff_login_throttle')
          .select('locked_until')
          .where('username', '=', key)
          .executeTakeFirst();
        if (!row) return undefined;
        const waitMs = Date.parse(row.locked_until ?? nowIso) - now.getTime();
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } as const;
      }
      const delay = lockoutDelayMs(counted.failures);
      if (delay > 0) {
        await trx
          .updateTable('staff_login_throttle')
          .set({ locked_until: new Date(now.getTime() + delay).toISOString() })
          .where('username', '=', key)
          .execute();
      }
      return { allowed: true } as const;
    });
    if (attempt) return attempt;
    if (tries >= 5) throw new Error('The sign-in attempt could not be counted: try again.');
  }
}

/**
 * The attempt failed: its wait runs from now, when the failure is known (the password check takes a
 * moment), not from when the attempt started.
 */
export async function recordSignInFailure(
  db: Kysely<Database>,
  username: string,
  now: Date = new Date(),
): Promise<void> {
  const key = keyOf(username);
  const row = await db
    .selectFrom('staff_login_throttle')
    .select('failures')
    .where('username', '=', key)
    .executeTakeFirst();
  const delay = row ? lockoutDelayMs(row.failures) : 0;
  if (delay === 0) return;
  await db
    .updateTable('staff_login_throttle')
    .set({ locked_until: new Date(now.getTime() + delay).toISOString() })
    .where('username', '=', key)
    .where('failures', '=', row?.failures ?? 0)
    .execute();
}

/** A full sign-in succeeded: the account starts again with five free tries. */
export async function clearSignInFailures(db: Kysely<Database>, username: string): Promise<void> {
  await db.deleteFrom('staff_login_throttle').where('username', '=', keyOf(username)).execute();
}

/**
 * The password was right and a code comes next: this attempt is not a failure (the code's attempt
 * counts on its own), and the wait it set is lifted so the code can be entered at once.
 */
export async function forgiveSignInAttempt(db: Kysely<Database>, username: string): Promise<void> {
  await db
    .updateTable('staff_login_throttle')
    .set((eb) => ({
      failures: eb
        .case()
        .when('failures', '>', 0)
        .then(eb('failures', '-', 1))
        .else(0)
        .end(),
      locked_until: null,
    }))
    .where('username', '=', keyOf(username))
    .execute();
}
