import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserRoutes } from '@karera/shared';
import { ApiError } from './api.ts';
import { onSessionInvalid, userRequest } from './userApi.ts';

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('userRequest', () => {
  it('posts JSON and returns the answer', async () => {
    const fetchMock = answer(200, { statusCode: 200, creditBalance: 0, bonusBalance: 0 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(userRequest(UserRoutes.getBalance, {})).resolves.toEqual({
      statusCode: 200,
      creditBalance: 0,
      bonusBalance: 0,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/getBalance');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.credentials).toBe('same-origin');
  });

  it('reports a 107 to the session-invalid listeners once, then throws it', async () => {
    vi.stubGlobal('fetch', answer(401, { statusCode: 107, statusMessage: 'Session expired.' }));
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);
    const error = await userRequest(UserRoutes.getProfile, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(107);
    expect(listener).toHaveBeenCalledExactlyOnceWith(UserRoutes.getProfile);
    stop();
    await userRequest(UserRoutes.getProfile, {}).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not report other refusals, and keeps their body', async () => {
    vi.stubGlobal('fetch', answer(403, { statusCode: 114, statusMessage: 'Verify first.', playerId: 42 }));
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);
    const error = (await userRequest(UserRoutes.login, { mobileNo: '09171234567', password: 'x' }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.statusCode).toBe(114);
    expect(error.body).toMatchObject({ playerId: 42 });
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});
