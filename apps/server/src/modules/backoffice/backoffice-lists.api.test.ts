import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditListResponseSchema,
  playerListResponseSchema,
  RacingAdminRoutes,
  type AuditListResponse,
  type PlayerListResponse,
  type Race,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { insertPlayer } from '../../../test/factories.ts';
import { manilaDayStartIso } from '../audit/index.ts';

describe(`back-office lists: sorting and filters on the server (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  const get = (url: string) => t.app.inject({ url, headers: { cookie: admin } });
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: admin } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const me = await t.app.db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    adminId = me.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('players', () => {
    it('sorts by name both ways, filters by verified, and pages the sorted list', async () => {
      const tag = `Sortz${Date.now().toString(36)}`;
      for (const first of ['Carla', 'Ana', 'Bea']) {
        await insertPlayer(t.app.db, { firstName: first, lastName: tag });
      }
      const unverified = await insertPlayer(t.app.db, { firstName: 'Dina', lastName: tag });
      await t.app.db.updateTable('players').set({ verified: 0 }).where('id', '=', unverified.id).execute();

      const list = async (query: string) => {
        const response = await get(`/api/backoffice/players?q=${tag}&${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return playerListResponseSchema.parse(response.json<PlayerListResponse>());
      };
      const names = (answer: PlayerListResponse) => answer.players.map((p) => p.firstName);

      expect(names(await list('sort=name&dir=asc'))).toEqual(['Ana', 'Bea', 'Carla', 'Dina']);
      expect(names(await list('sort=name&dir=desc'))).toEqual(['Dina', 'Carla', 'Bea', 'Ana']);
      expect(names(await list('sort=name&dir=asc&verified=no'))).toEqual(['Dina']);
      const verified = await list('sort=name&dir=asc&verified=yes');
      expect(names(verified)).toEqual(['Ana', 'Bea', 'Carla']);
      expect(verified.total).toBe(3);
      // "Verified" is the mobile number's OTP; the identity check (KYC) is its own status, none submitted here.
      expect(verified.players.map((p) => [p.verified, p.kycStatus])).toEqual([
        [true, 'none'],
        [true, 'none'],
        [true, 'none'],
      ]);
    });

    it('finds a mobile by its digits however typed, and a name with a digit in it by the name alone', async () => {
      const letters = Date.now().toString(36).replace(/\d/g, 'q');
      const tag = `Mix8${letters}`;
      const named = await insertPlayer(t.app.db, { firstName: 'Ella', lastName: tag });
      const other = await insertPlayer(t.app.db, {
        firstName: 'Fe',
        lastName: `Other${letters}`,
        mobileNo: `098${String(Date.now()).slice(-8)}`,
      });
      const search = async (q: string) => {
        const response = await get(`/api/backoffice/players?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<PlayerListResponse>().players.map((p) => p.playerId);
      };
      // The other player's mobile holds an 8: the name's 8 must not reach it.
      expect(await search(tag)).toEqual([named.id]);
      const mobile = other.mobileNo;
      const spaced = `${mobile.slice(0, 4)} ${mobile.slice(4, 7)}-${mobile.slice(7)}`;
      expect(await search(spaced)).toContain(other.id);
    });

    it('sorts by credit with the id breaking ties', async () => {
      const response = await get('/api/backoffice/players?sort=credit&dir=asc');
      expect(response.statusCode, response.body).toBe(200);
      const credits = response.json<PlayerListResponse>().players.map((p) => p.creditBalance);
      expect(credits).toEqual([...credits].sort((a, b) => a - b));
    });

    it('refuses an unknown sort, direction, filter value or field with 400', async () => {
      for (const query of ['sort=mobile', 'dir=up', 'verified=1', 'verified=true', 'order=name', 'sort=name&sort=id']) {
        expect((await get(`/api/backoffice/players?${query}`)).statusCode, query).toBe(400);
      }
    });
  });

  describe('audit log', () => {
    let race: Race;
    let runnerId: number;

    beforeAll(async () => {
      const made = await post('/api/backoffice/racing/events', {
        name: 'Audit Cup',
        arena: 'Metro Turf',
        streamUrl: '',
        raceDate: '2026-11-25',
        enabledBetTypes: [],
      });
      const eventId = made.json<{ event: { id: number } }>().event.id;
      race = (
        await post(`/api/backoffice/racing/events/${eventId}/races`, {
          raceNo: 3,
          startDateTime: '2026-11-25T06:00:00Z',
          enabledBetTypes: [],
        })
      ).json<{ race: Race }>().race;
      // Three runners: with 4 scratched, two still run, the fewest a race opens with.
      for (const [runnerNo, horseName] of [
        ['1', 'Hangin'],
        ['4', 'Bagyozz'],
        ['6', 'Ulan'],
      ] as const) {
        const added = await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo,
          horseName,
          jockeyName: 'J. Cruz',
        });
        expect(added.statusCode, added.body).toBe(200);
      }
      const runners = await t.app.db
        .selectFrom('runners')
        .select(['id', 'runner_no'])
        .where('race_id', '=', race.raceId)
        .execute();
      runnerId = runners.find((r) => r.runner_no === '4')!.id;
      const scratched = await post(RacingAdminRoutes.scratch(runnerId), { scratched: true });
      expect(scratched.statusCode, scratched.body).toBe(200);
      const opened = await post(RacingAdminRoutes.raceStatus(race.raceId), { status: 'O' });
      expect(opened.statusCode, opened.body).toBe(200);
    });

    const audit = async (query: string) => {
      const response = await get(`/api/backoffice/audit?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return auditListResponseSchema.parse(response.json<AuditListResponse>());
    };

    it('names the race and runner an entry is about, and the acting staff member with their role', async () => {
      const { entries } = await audit('action=racing.runner_scratched&q=bagyozz');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'racing.runner_scratched',
        actorName: TEST_ADMIN.username,
        actorRole: 'admin',
        race: {
          raceId: race.raceId,
          raceNo: 3,
          eventName: 'Audit Cup',
          raceDate: '2026-11-25',
          runnerNo: '4',
          horseName: 'Bagyozz',
        },
      });
      const status = await audit('action=racing.race_status&q=' + encodeURIComponent(`"to":"O"`));
      expect(status.entries.find((e) => e.targetId === String(race.raceId))?.race).toMatchObject({
        raceNo: 3,
        runnerNo: null,
      });
    });

    it('filters by staff member, action and days, and sorts newest or oldest first', async () => {
      const mine = await audit(`staffId=${adminId}&action=racing.runner_added`);
      expect(mine.entries.length).toBeGreaterThanOrEqual(2);
      expect(mine.entries.every((e) => e.actorId === adminId && e.action === 'racing.runner_added')).toBe(true);
      const ids = mine.entries.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const oldest = await audit(`staffId=${adminId}&action=racing.runner_added&sort=oldest`);
      expect(oldest.entries.map((e) => e.id)).toEqual([...ids].sort((a, b) => a - b));

      expect((await audit(`staffId=${adminId + 999}`)).total).toBe(0);

      // Today in Manila holds the entries just written; the day before holds none of them.
      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
      expect((await audit(`action=racing.runner_scratched&q=bagyozz&from=${today}&to=${today}`)).total).toBe(1);
      expect((await audit(`action=racing.runner_scratched&q=bagyozz&to=${yesterday}`)).total).toBe(0);
      expect((await audit(`action=racing.runner_scratched&q=bagyozz&from=${yesterday}`)).total).toBe(1);
    });

    it('reads a Manila day from its midnight at +08:00', () => {
      expect(manilaDayStartIso('2026-11-25')).toBe('2026-11-24T16:00:00.000Z');
    });

    it('treats % and _ in the text literally', async () => {
      expect((await audit('q=%25')).total).toBe(0);
    });

    it('refuses malformed filters with 400, and a range whose from is after its to', async () => {
      for (const query of [
        'staffId=0',
        'staffId=abc',
        'staffId=01',
        'action=DROP TABLE',
        'action=racing',
        'from=2026-13-01',
        'from=2026-02-30',
        'to=25-11-2026',
        'sort=asc',
        'actor=1',
        'from=2026-11-26&to=2026-11-25',
        `q=${'x'.repeat(101)}`,
      ]) {
        expect((await get(`/api/backoffice/audit?${query}`)).statusCode, query).toBe(400);
      }
    });
  });
});
