import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusCode } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { PLAYER_PASSWORD, registerPlayer } from '../../../test/player-flow.ts';
import type * as Passwords from '../../lib/passwords.ts';
import { LOGIN_MAX_FAILURES } from './auth.service.ts';

/**
 * Holds every password check until the test lets them go, so that all the attempts of a burst have
 * started (and been counted) before any of them is answered: the worst interleaving, every time.
 */
const passwordChecks = vi.hoisted(() => {
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    waiting: () => waiting,
    async passed() {
      waiting += 1;
      await gate;
      waiting -= 1;
    },
  };
});

vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: async (password: string, stored: string) => {
      await passwordChecks.passed();
      return original.verifyPassword(password, stored);
    },
  };
});

/*
 * A login is counted before its password is checked (decision 031): of 10 attempts at one number at once,
 * only the first five are unchallenged, even when every one of them has the right password; before, all
 * 10 read "no failures" and opened sessions, so parallel guesses were not limited by the code challenge.
 */
describe(`login attempts at one number at once (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PLAYER_AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    passwordChecks.release();
    await t?.close();
  });

  it('lets exactly five of 10 open a session; the rest need the code', async () => {
    const player = await registerPlayer(t.app);
    passwordChecks.hold();
    const answers = Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: { mobileNo: player.mobileNo, password: PLAYER_PASSWORD },
        }),
      ),
    );
    // Every attempt has started and waits for its password check.
    await vi.waitFor(
      () => {
        if (passwordChecks.waiting() < 10) throw new Error(`${passwordChecks.waiting()} attempts waiting`);
      },
      { timeout: 30_000, interval: 10 },
    );
    passwordChecks.release();
    const statusCodes = (await answers).map((answer) => answer.json<{ statusCode: number }>().statusCode);
    expect(statusCodes.filter((code) => code === 200)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statusCodes.filter((code) => code === StatusCode.LOGIN_OTP_REQUIRED)).toHaveLength(10 - LOGIN_MAX_FAILURES);
  });
});
