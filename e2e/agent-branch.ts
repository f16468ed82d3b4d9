import { expect, type APIRequestContext } from '@playwright/test';
import {
  BackofficeRoutes,
  StaffRequestRoutes,
  type CreateStaffResponse,
  type StaffMember,
  type StaffRequestDecisionResponse,
} from '@karera/shared';
import { adminPost, secondAdminApi, uniqueMobile, uniqueSuffix } from './support.ts';

/**
 * A branch of this test's own, made as the back office makes one (decision 044): the test's admin asks
 * for a master agent, the second founding admin approves the request, and the test's admin adds an agent
 * under them with `referralCode` (an agent needs no second admin). Each has their own mobile number. The
 * agent signs in with `password`; the master agent would enrol through the link texted to them first.
 */
export async function agentOfNewBranch(
  request: APIRequestContext,
  referralCode: string,
  password: string,
): Promise<{ masterId: number; agent: StaffMember }> {
  const suffix = uniqueSuffix();
  const asked = await adminPost<CreateStaffResponse>(request, BackofficeRoutes.staff, {
    username: `ma-${suffix}`,
    displayName: `Master ${suffix}`,
    password,
    role: 'master_agent',
    mobileNo: uniqueMobile(),
  });
  let masterId: number | null;
  if (asked.outcome === 'created') {
    masterId = asked.staff.id;
  } else {
    const origin = new URL((await request.get('/healthz')).url()).origin;
    const approved = await (
      await secondAdminApi(origin)
    ).post(StaffRequestRoutes.approve(asked.request.id), { data: {} });
    expect(approved.ok(), await approved.text()).toBe(true);
    masterId = ((await approved.json()) as StaffRequestDecisionResponse).request.staffId;
  }
  if (masterId === null) throw new Error('the approved master agent request made no account');
  const agent = await adminPost<CreateStaffResponse>(request, BackofficeRoutes.staff, {
    username: `ag-${suffix}`,
    displayName: `Agent ${suffix}`,
    password,
    role: 'agent',
    parentId: masterId,
    referralCode,
    mobileNo: uniqueMobile(),
  });
  if (agent.outcome !== 'created') throw new Error(`the agent waits for a second admin: ${JSON.stringify(agent)}`);
  return { masterId, agent: agent.staff };
}
