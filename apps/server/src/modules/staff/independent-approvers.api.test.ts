import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalMessages, SECOND_PERSON_PROBATION_DAYS } from '@karera/shared';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app.ts';
import { insertStaff } from './staff.repo.ts';
import { lineOf, secondPersonRefusal } from './independent-approvers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Decision 042: who counts as the independent second person of another's approval. */
describe(`independent second approvers (${testDialect})`, () => {
  let t: TestApp;
  let n = 0;
  const staff = async (
    role: 'admin' | 'master_agent' | 'agent',
    options: { parentId?: number; createdBy?: number | null; ageDays?: number } = {},
  ) => {
    n += 1;
    const row = await insertStaff(t.app.db, {
      username: `indep-${role}-${n}-${Date.now()}`,
      displayName: `Staff ${n}`,
      passwordHash: 'x',
      role,
      parentId: options.parentId ?? null,
      referralCode: null,
      createdByStaffId: options.createdBy ?? null,
    });
    const created = new Date(Date.now() - (options.ageDays ?? 30) * DAY_MS).toISOString();
    await t.app.db.updateTable('staff_users').set({ created_at: created }).where('id', '=', row.id).execute();
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks the line of creation and upline to the top', async () => {
    const admin = await staff('admin');
    const master = await staff('master_agent', { createdBy: admin });
    const agent = await staff('agent', { parentId: master, createdBy: master });
    const subAgent = await staff('agent', { parentId: agent, createdBy: agent });
    expect([...(await lineOf(t.app.db, subAgent))].sort((a, b) => a - b)).toEqual([admin, master, agent, subAgent]);
  });

  it('refuses a puppet: an agent created by the master agent, in either order', async () => {
    const master = await staff('master_agent');
    const puppet = await staff('agent', { parentId: master, createdBy: master, ageDays: 30 });
    expect(await secondPersonRefusal(t.app.db, { firstId: puppet, secondId: master })).toBe(
      ApprovalMessages.secondPersonInLine,
    );
    expect(await secondPersonRefusal(t.app.db, { firstId: master, secondId: puppet })).toBe(
      ApprovalMessages.secondPersonInLine,
    );
  });

  it('refuses an admin created by the first admin, whatever its age', async () => {
    const first = await staff('admin');
    const created = await staff('admin', { createdBy: first, ageDays: 400 });
    expect(await secondPersonRefusal(t.app.db, { firstId: first, secondId: created })).toBe(
      ApprovalMessages.secondPersonInLine,
    );
  });

  it(`refuses a second person whose account is younger than ${SECOND_PERSON_PROBATION_DAYS} days`, async () => {
    const founder = await staff('admin');
    const first = await staff('admin', { createdBy: founder });
    const sibling = await staff('admin', { createdBy: founder, ageDays: SECOND_PERSON_PROBATION_DAYS - 1 });
    // Siblings share a creator, not a line: only the probation refuses this one.
    expect(await secondPersonRefusal(t.app.db, { firstId: first, secondId: sibling })).toBe(
      ApprovalMessages.secondPersonOnProbation,
    );
    const elder = await staff('admin', { createdBy: founder, ageDays: SECOND_PERSON_PROBATION_DAYS + 1 });
    expect(await secondPersonRefusal(t.app.db, { firstId: first, secondId: elder })).toBeNull();
  });

  it('needs an admin or a master agent of another branch on one side', async () => {
    const masterA = await staff('master_agent');
    const masterB = await staff('master_agent');
    const agentA = await staff('agent', { parentId: masterA });
    const agentA2 = await staff('agent', { parentId: masterA });
    const admin = await staff('admin');
    expect(await secondPersonRefusal(t.app.db, { firstId: agentA, secondId: agentA2 })).toBe(
      ApprovalMessages.secondPersonBranch,
    );
    expect(await secondPersonRefusal(t.app.db, { firstId: agentA, secondId: masterB })).toBeNull();
    expect(await secondPersonRefusal(t.app.db, { firstId: agentA, secondId: masterA })).toBe(
      ApprovalMessages.secondPersonInLine,
    );
    expect(await secondPersonRefusal(t.app.db, { firstId: agentA, secondId: admin })).toBeNull();
    expect(await secondPersonRefusal(t.app.db, { firstId: agentA, secondId: agentA })).toBe(
      ApprovalMessages.sameApprover,
    );
  });
});
