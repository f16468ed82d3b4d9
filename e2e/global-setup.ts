import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from './test.ts';
import { E2E_BASE_URL, E2E_FAST_DEMO_URL } from './env.ts';
import { bootstrapStatePath, FOUNDING_ADMINS, signInBootstrapAdmin } from './support.ts';

/**
 * Signs both founding admins in once per server, before any worker starts, and keeps the sessions for the
 * workers (support.ts bootstrapAdmin). Runs after the web servers are up.
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'karera-e2e-admin-'));
  process.env.E2E_ADMIN_STATE_DIR = dir;
  for (const origin of [E2E_BASE_URL, E2E_FAST_DEMO_URL]) {
    for (const admin of FOUNDING_ADMINS) {
      const api = await request.newContext({ baseURL: origin });
      await signInBootstrapAdmin(api, origin, admin);
      const state = bootstrapStatePath(origin, admin);
      if (state) await api.storageState({ path: state });
      await api.dispose();
    }
  }
  // The teardown: the sessions' files go with the run.
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
