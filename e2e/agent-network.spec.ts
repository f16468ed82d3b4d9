import { expect, test } from './test.ts';
import { AgentRoutes, BackofficeRoutes } from '@karera/shared';
import { seriousViolations } from './axe.ts';
import { goToBackofficeSection } from './backofficeNav.ts';
import {
  adminPost,
  backofficeLogin,
  createStaffByTwoAdmins,
  newPlayer,
  registerPlayer,
  uniqueSuffix,
} from './support.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const PASSWORD = 'staff-password-1';

/**
 * The agent network (decision 040): two branches made through the API, an agent of the first signs in and
 * sees their own players and sub-agent only, with the referral link and its QR code.
 */
test('an agent sees only their own subtree, with the referral link and its QR code', async ({ page, request }) => {
  const tag = uniqueSuffix().replace(/\W/g, '').slice(-8).toUpperCase();
  const staff = async (url: string, body: Record<string, unknown>) => {
    // A master agent waits for a second admin (decision 044): the second founding admin approves.
    if (url === BackofficeRoutes.staff) return createStaffByTwoAdmins(request, { password: PASSWORD, ...body });
    const answer = await adminPost<{ agent?: { id: number } }>(request, url, {
      password: PASSWORD,
      ...body,
    });
    const id = answer.agent?.id;
    if (!id) throw new Error(`no id in ${JSON.stringify(answer)}`);
    return id;
  };
  const master = await staff(BackofficeRoutes.staff, {
    username: `ma${tag}`,
    displayName: `Master ${tag}`,
    role: 'master_agent',
  });
  const agent = await staff(AgentRoutes.network, {
    username: `ag${tag}`,
    displayName: `Agent ${tag}`,
    parentId: master,
    referralCode: `AG${tag}`,
  });
  await staff(AgentRoutes.network, {
    username: `sub${tag}`,
    displayName: `Sub ${tag}`,
    parentId: agent,
    referralCode: `SB${tag}`,
  });
  const otherMaster = await staff(BackofficeRoutes.staff, {
    username: `mb${tag}`,
    displayName: `Other master ${tag}`,
    role: 'master_agent',
  });
  await staff(AgentRoutes.network, {
    username: `ob${tag}`,
    displayName: `Other agent ${tag}`,
    parentId: otherMaster,
    referralCode: `OB${tag}`,
  });
  // Players registered through each agent's referral code, as the landing page's ?r= link does.
  const through = (referralCode: string) => registerPlayer(request, Object.assign(newPlayer(), { referralCode }));
  const mine = await through(`AG${tag}`);
  const ofSub = await through(`SB${tag}`);
  const theirs = await through(`OB${tag}`);

  await backofficeLogin(page, `ag${tag}`, PASSWORD);
  await goToBackofficeSection(page, 'My network');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent dashboard' })).toBeVisible();

  const players = page.getByTestId('agent-players');
  await expect(players.getByRole('row').filter({ hasText: mine.mobileNo })).toBeVisible();
  await expect(players.getByRole('row').filter({ hasText: ofSub.mobileNo })).toBeVisible();
  await expect(players.getByText(theirs.mobileNo)).toHaveCount(0);

  const subAgents = page.getByTestId('agent-subagents');
  await expect(subAgents.getByRole('link', { name: `Open the dashboard of Sub ${tag}` })).toBeVisible();
  await expect(subAgents.getByText(`Other agent ${tag}`)).toHaveCount(0);
  await expect(page.getByText(`Other master ${tag}`)).toHaveCount(0);

  const link = page.getByTestId('referral-link');
  await expect(link).toHaveText(new RegExp(`/\\?r=AG${tag}$`));
  const qr = page.getByTestId('referral-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  // The other branch's agent is out of reach by address too.
  const outsider = await page.request.get(`/api/backoffice/agents/${otherMaster}`);
  expect(outsider.status()).toBe(404);

  // The report lists this agent and its sub-agent only.
  await goToBackofficeSection(page, 'Agent report');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent report' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
