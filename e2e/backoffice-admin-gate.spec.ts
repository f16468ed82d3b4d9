import { expect, test } from './test.ts';
import { agentOfNewBranch } from './agent-branch.ts';
import { backofficeAsFirstAdmin, backofficeLogin, uniqueSuffix } from './support.ts';

/**
 * The back office's admin screens sit behind one gate (a layout route): an agent who opens one by its
 * address reads the refusal the API would give, without the screen calling it; an admin opens them; the
 * screens agents do have still open for them.
 */

const AGENT_PASSWORD = 'agent-password-1';
const ADMIN_SCREENS = ['/backoffice/approvals', '/backoffice/race-day', '/backoffice/kyc', '/backoffice/tote/settings'];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('an agent reads No access on every admin screen and still opens their players', async ({ page, request }) => {
      const referralCode = `G${uniqueSuffix()}`.slice(0, 12).toUpperCase();
      const { agent } = await agentOfNewBranch(request, referralCode, AGENT_PASSWORD);
      await backofficeLogin(page, agent.username, AGENT_PASSWORD);
      for (const path of ADMIN_SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
      }
      await page.goto('/backoffice/players');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toHaveCount(0);
    });

    test('an admin opens the admin screens', async ({ page }) => {
      await backofficeAsFirstAdmin(page, '/backoffice/approvals');
      for (const path of ADMIN_SCREENS) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toHaveCount(0);
      }
    });
  });
}
