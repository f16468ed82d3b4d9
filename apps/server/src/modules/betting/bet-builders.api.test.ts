import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bankerSelections,
  BetMessages,
  boxSelections,
  MAX_COMBINATIONS,
  withField,
  type BetReceipt,
  type Race,
} from '@karera/shared';
import { createTestApp, staffCookie, TEST_ADMIN, testDialect, type TestApp } from '../../../test/test-app.ts';
import { registerPlayer, type RegisteredPlayer } from '../../../test/player-flow.ts';
import { adminPoster, fundPlayer, placeBetAs } from '../../../test/win-race.ts';
import { checkLedger, playerBalances } from '../wallet/index.ts';

/*
 * The bet builders of the live screen only write ordinary selections. Sent to the server as they are, a
 * box, a banker and a field are taken, counted and charged exactly as the builder counted them (every
 * ordered choice of different runners; the banker fixed in its place), and refused past the limit.
 */

/** n x (n-1) x ... over k places: ordered choices of k different runners of n, the slow obvious way. */
function orderedChoices(n: number, k: number): number {
  let product = 1;
  for (let i = 0; i < k; i += 1) product *= Math.max(n - i, 0);
  return product;
}

const SINGLE_PLACES = [
  ['FC', 2],
  ['TRI', 3],
  ['QRT', 4],
  ['PENTA', 5],
] as const;

describe(`bet builders' selections on the server (${testDialect})`, () => {
  let t: TestApp;
  let eventId: number;
  let races: Race[];
  let player: RegisteredPlayer;
  let admin: string;
  let credit = 0;

  /** Keeps the player able to pay for the largest slip under the limit (1999 x ₱2). */
  async function topUp() {
    if (credit >= MAX_COMBINATIONS * 200) return;
    await fundPlayer(t.app, admin, player, 1_000_000);
    credit += 1_000_000;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffCookie(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const post = adminPoster(t.app, admin);
    const types = ['TRI', 'QRT', 'PENTA', 'PICK4'];
    const { event } = await post<{ event: { id: number } }>('/api/backoffice/racing/events', {
      name: 'Builder Day',
      arena: 'Metro Turf',
      streamUrl: '',
      raceDate: '2026-11-22',
      enabledBetTypes: types,
    });
    eventId = event.id;
    races = [];
    for (let raceNo = 1; raceNo <= 4; raceNo += 1) {
      const { race } = await post<{ race: Race }>(`/api/backoffice/racing/events/${eventId}/races`, {
        raceNo,
        startDateTime: '2026-11-22T06:00:00Z',
        enabledBetTypes: types,
      });
      for (let runnerNo = 1; runnerNo <= 9; runnerNo += 1) {
        await post(`/api/backoffice/racing/races/${race.raceId}/runners`, {
          runnerNo: String(runnerNo),
          horseName: `Horse ${raceNo}-${runnerNo}`,
          jockeyName: 'J. Cruz',
        });
      }
      await post(`/api/backoffice/racing/races/${race.raceId}/status`, { status: 'O' });
      races.push(race);
    }
    player = await registerPlayer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Places the selections; a taken bet must cost exactly `expected` combinations x amount. */
  async function placeAndCheck(betType: string, selections: readonly (readonly number[])[], expected: number) {
    const amount = 100;
    await topUp();
    const response = await placeBetAs(t.app, player, {
      raceId: races[0]?.raceId,
      eventId,
      betType,
      selections,
      amount,
    });
    if (expected === 0 || expected >= MAX_COMBINATIONS) {
      expect(response.statusCode, response.body).toBe(400);
      if (expected >= MAX_COMBINATIONS) expect(response.json().statusMessage).toBe(BetMessages.tooManyCombinations);
      expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(credit);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json<BetReceipt>();
    expect(receipt.betDetails.combinations).toBe(expected);
    expect(receipt.total_amount).toBe(expected * amount);
    credit -= expected * amount;
    expect(receipt.creditBalance).toBe(credit);
  }

  const runnersArb = (minLength: number) => fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength, maxLength: 9 });

  it('a box of any runners is taken at every order of them, and refused past the limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SINGLE_PLACES), runnersArb(1), async ([code, places], runners) => {
        await placeAndCheck(code, boxSelections(runners, places), orderedChoices(runners.length, places));
      }),
      { numRuns: 25 },
    );
  });

  it('a banker in any place is taken at every order of the others around it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SINGLE_PLACES),
        runnersArb(2),
        fc.nat({ max: 4 }),
        async ([code, places], [banker = 1, ...others], bankerPlace) => {
          const selections = bankerSelections(banker, bankerPlace % places, others, places);
          await placeAndCheck(code, selections, orderedChoices(others.length, places - 1));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a field leg of a Pick4 is taken at the product of the legs, the field counting every runner', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(runnersArb(1), { minLength: 4, maxLength: 4 }),
        fc.nat({ max: 3 }),
        async (legs, fieldLeg) => {
          const selections = withField(legs, fieldLeg, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
          const expected = legs.reduce((product, leg, i) => product * (i === fieldLeg ? 9 : leg.length), 1);
          // Pick4's minimum is ₱2: the amount below is per combination.
          await topUp();
          const response = await placeBetAs(t.app, player, {
            raceId: races[0]?.raceId,
            eventId,
            betType: 'PICK4',
            selections,
            amount: 200,
          });
          if (expected >= MAX_COMBINATIONS) {
            expect(response.json().statusMessage).toBe(BetMessages.tooManyCombinations);
            return;
          }
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json<BetReceipt>().betDetails.combinations).toBe(expected);
          credit -= expected * 200;
        },
      ),
      { numRuns: 15 },
    );
    expect((await playerBalances(t.app.db, player.playerId)).creditBalance).toBe(credit);
    expect(await checkLedger(t.app.db)).toEqual([]);
  });
});
