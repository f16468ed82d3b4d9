import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentOperations, ResponsibleGamingOperations, StatementOperations } from '@karera/shared';
import { ApiError } from './api.ts';
import { callOperation } from './callOperation.ts';

function answer(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callOperation', () => {
  it("posts the body to the operation's path with its method and the given headers", async () => {
    const fetchMock = answer(200, { statusCode: 200, statusMessage: 'Paid.' });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      callOperation(AgentOperations.payCommission, {
        params: { id: 7 },
        body: { amount: 5000 },
        headers: { 'idempotency-key': 'k-1' },
      }),
    ).resolves.toEqual({ statusCode: 200, statusMessage: 'Paid.' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/backoffice/agents/7/commission/payout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"amount":5000}');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toEqual({ 'content-type': 'application/json', 'idempotency-key': 'k-1' });
  });

  it('reads a GET with its path parameter encoded and the query string as given, without a body', async () => {
    const fetchMock = answer(200, { statusCode: 200 });
    vi.stubGlobal('fetch', fetchMock);
    await callOperation(StatementOperations.getStatement, { params: { month: '2026-01' }, query: 'x=1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/statement/2026-01?x=1');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeNull();
    expect(init?.headers).toEqual({});
  });

  it('throws a refusal as an ApiError, as apiRequest does', async () => {
    vi.stubGlobal('fetch', answer(403, { statusCode: 403, statusMessage: 'No.' }));
    const error = await callOperation(ResponsibleGamingOperations.status, { body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 403, message: 'No.', httpStatus: 403 });
  });

  it("types the body and the answer from the operation's schemas", () => {
    vi.stubGlobal('fetch', answer(200, { statusCode: 200 }));
    // @ts-expect-error the body of setLimit has no such field
    void callOperation(ResponsibleGamingOperations.setLimit, { body: { kind: 'depositDay', amount: 1, extra: 1 } });
    // @ts-expect-error payCommission names its agent in the path
    void callOperation(AgentOperations.payCommission, { body: { amount: 1 } });
    // @ts-expect-error a POST carries its body, even an optional one
    void callOperation(ResponsibleGamingOperations.status, {});
    // @ts-expect-error a GET carries none
    void callOperation(StatementOperations.getStatementMonths, { body: {} });
    const status = callOperation(ResponsibleGamingOperations.status, { body: {} });
    // @ts-expect-error the status answer has no such field
    void status.then((data) => data.noSuchField);
  });
});
