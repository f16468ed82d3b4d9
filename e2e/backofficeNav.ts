import { expect, type Page } from './test.ts';

/** From this width the back office's navigation is a sidebar; below it a Menu button opens it. */
const SIDEBAR_WIDTH = 960;

/** Opens the back office's navigation (the drawer on a phone; the sidebar is always open) and returns it. */
export async function openBackofficeNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const width = page.viewportSize()?.width ?? SIDEBAR_WIDTH;
  if (width < SIDEBAR_WIDTH) {
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    // The shell may still be settling (the first page loading): press until the drawer says it is open.
    await expect(async () => {
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass();
  }
  await expect(nav).toBeVisible();
  return nav;
}

/** Goes to a back-office section through the navigation, as a staff member would. */
export async function goToBackofficeSection(page: Page, name: string) {
  const nav = await openBackofficeNav(page);
  await nav.getByRole('link', { name, exact: true }).click();
}
