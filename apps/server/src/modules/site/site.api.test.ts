import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicRoutes, type SiteConfigResponse } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';

describe(`site settings for the web app (${testDialect})`, () => {
  let plain: TestApp;
  let withSite: TestApp;
  beforeAll(async () => {
    [plain, withSite] = await Promise.all([
      createTestApp(),
      createTestApp({ BETTING_SITE_URL: 'https://bet.example.ph/sports' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), withSite?.close()]);
  });

  const siteConfig = async (t: TestApp) =>
    (await t.app.inject({ url: PublicRoutes.siteConfig })).json<SiteConfigResponse>();

  it('names the external betting site of the account menu when one is configured', async () => {
    expect(await siteConfig(withSite)).toMatchObject({
      statusCode: 200,
      bettingSiteUrl: 'https://bet.example.ph/sports',
      telegramUrl: expect.stringMatching(/^https:/),
    });
  });

  it('answers null without one, so the link stays hidden', async () => {
    expect((await siteConfig(plain)).bettingSiteUrl).toBeNull();
  });
});
