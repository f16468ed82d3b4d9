import type { APIRequestContext } from './test.ts';
import { createStaffByTwoAdmins, uniqueSuffix } from './support.ts';

/**
 * A branch of this test's own, made as the back office makes one (decision 044): the test's admin asks
 * for a master agent, the second founding admin approves the request, and the test's admin adds an agent
 * under them with `referralCode` (an agent needs no second admin). Each has their own mobile number. The
 * agent signs in with `password`.
 */
export async function agentOfNewBranch(
  request: APIRequestContext,
  referralCode: string,
  password: string,
): Promise<{ masterId: number; agent: { id: number; username: string } }> {
  const suffix = uniqueSuffix();
  const masterId = await createStaffByTwoAdmins(request, {
    username: `ma-${suffix}`,
    displayName: `Master ${suffix}`,
    password,
    role: 'master_agent',
  });
  const username = `ag-${suffix}`;
  const agentId = await createStaffByTwoAdmins(request, {
    username,
    displayName: `Agent ${suffix}`,
    password,
    role: 'agent',
    parentId: masterId,
    referralCode,
  });
  return { masterId, agent: { id: agentId, username } };
}
