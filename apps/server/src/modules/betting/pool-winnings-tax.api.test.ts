import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PD1157_WINNINGS_TAX } from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { adminPoster, openRace } from '../../../test/win-race.ts';
import { readEventCard } from './event-card.ts';
import { keepCardWinningsTax, keptPoolWinningsTax, poolWinningsTaxOf } from './pool-winnings-tax.ts';

/** The tax on winnings a bet receipt states: the pool's rule, read once per opened pool and kept. */
describe(`a pool's tax on winnings for the receipt (${testDialect})`, () => {
  let t: TestApp;
  let eventId: number;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { event } = await adminPoster(t.app, admin)<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: `Receipt Tax ${randomUUID().slice(0, 8)}`,
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: [],
    });
    eventId = event.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the EO 194 default on a fresh database, read once for an opened pool and kept', async () => {
    const race = await openRace(t.app, admin, eventId, 1);
    const owner = {};
    const pool = { firstRaceId: race.raceId, betType: 'W' };
    expect(keptPoolWinningsTax(owner, pool)).toBeUndefined();
    // Bets of one pool at the same moment share one read.
    const [first, second] = [poolWinningsTaxOf(owner, t.app.db, pool), poolWinningsTaxOf(owner, t.app.db, pool)];
    expect(await first).toEqual(PD1157_WINNINGS_TAX);
    expect(await second).toEqual(PD1157_WINNINGS_TAX);
    expect(keptPoolWinningsTax(owner, pool)).toEqual(PD1157_WINNINGS_TAX);
    // Kept per owner: another database handle reads its own.
    expect(keptPoolWinningsTax({}, pool)).toBeUndefined();
  });

  it('keeps the pools of a card’s open races, and nothing of a race not yet opened', async () => {
    const open = await openRace(t.app, admin, eventId, 2);
    const owner = {};
    await keepCardWinningsTax(owner, t.app.db, await readEventCard(t.app.db, eventId));
    expect(keptPoolWinningsTax(owner, { firstRaceId: open.raceId, betType: 'W' })).toEqual(PD1157_WINNINGS_TAX);
    expect(keptPoolWinningsTax(owner, { firstRaceId: open.raceId, betType: 'FC' })).toEqual(PD1157_WINNINGS_TAX);
    // A race never opened reads today's rule each time, never kept.
    const { race: later } = await adminPoster(t.app, admin)<{ race: { raceId: number } }>(
      `/api/backoffice/racing/events/${eventId}/races`,
      { raceNo: 3, startDateTime: '2026-11-22T07:00:00Z', enabledBetTypes: [] },
    );
    const unopened = { firstRaceId: later.raceId, betType: 'W' };
    expect(await poolWinningsTaxOf(owner, t.app.db, unopened)).toEqual(PD1157_WINNINGS_TAX);
    expect(keptPoolWinningsTax(owner, unopened)).toBeUndefined();
  });
});
