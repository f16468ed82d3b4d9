import { expect, type APIRequestContext } from './test.ts';
import { PaymentBackofficeRoutes, type PaymentDecisionResponse } from '@karera/shared';
import { adminPost, secondAdminApi, uniqueSuffix } from './support.ts';

/**
 * Credits a deposit the way an honest back office does (decision 042): the test's own admin approves it,
 * and a deposit that waits for a second approval (no receipt, a receipt that does not say what the request
 * says, or an amount above the threshold) gets it from the second founding admin, who is outside the test
 * admin's line of creation. Answers the final decision.
 */
export async function approveDeposit(
  request: APIRequestContext,
  transactionId: string,
): Promise<PaymentDecisionResponse> {
  const url = PaymentBackofficeRoutes.approve(Number(transactionId.slice(2)));
  const first = await adminPost<PaymentDecisionResponse>(
    request,
    url,
    {},
    { 'idempotency-key': `e2e-first-approval-${uniqueSuffix()}` },
  );
  if (first.request.status !== 'PENDING') return first;
  const origin = new URL((await request.get('/healthz')).url()).origin;
  const second = await (
    await secondAdminApi(origin)
  ).post(url, { data: {}, headers: { 'idempotency-key': `e2e-second-approval-${uniqueSuffix()}` } });
  expect(second.ok(), await second.text()).toBe(true);
  const decided = (await second.json()) as PaymentDecisionResponse;
  expect(decided.request.status).toBe('APPROVED');
  return decided;
}
