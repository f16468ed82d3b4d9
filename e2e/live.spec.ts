import { expect, type APIRequestContext, type Locator, type Page, type WebSocketRoute } from './test.ts';
import {
  BackofficeRoutes,
  decodeFrame,
  encodeFrame,
  formatPeso,
  RacingAdminRoutes,
  ToteAdminRoutes,
  type GameEvent,
  type Race,
  type RaceStatus,
  type RealtimeMessage,
} from '@karera/shared';
import { adminPost, playerTest as test, uniqueSuffix } from './support.ts';
import { raceDaySchedule } from './raceDay.ts';

/**
 * The live race screen at 390 px. Each test makes its own race day for today through the back-office
 * API and opens it with /live?event=<id> (the demo simulator runs its own race day beside it, which
 * /live without the query would show), then drives it through the same API while the page listens.
 */

type RunnerSpec = readonly [runnerNo: string, horseName: string, jockeyName: string];

interface RaceDay {
  event: GameEvent;
  races: Race[];
}

/** Today's race day with the given races (each with its runners), all awaiting bet open. */
async function createRaceDay(
  request: APIRequestContext,
  cards: readonly (readonly RunnerSpec[])[],
  streamUrl = '',
): Promise<RaceDay> {
  const day = raceDaySchedule(cards.length);
  const { event } = await adminPost<{ event: GameEvent }>(request, RacingAdminRoutes.events, {
    name: `E2E Live ${uniqueSuffix()}`,
    arena: 'San Lazaro Leisure Park',
    streamUrl,
    raceDate: day.raceDate,
    enabledBetTypes: [],
  });
  const races: Race[] = [];
  for (const [index, runners] of cards.entries()) {
    let { race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.races(event.id), {
      raceNo: index + 1,
      startDateTime: day.start(index + 1),
      enabledBetTypes: [],
    });
    for (const [runnerNo, horseName, jockeyName] of runners) {
      ({ race } = await adminPost<{ race: Race }>(request, RacingAdminRoutes.runners(race.raceId), {
        runnerNo,
        horseName,
        jockeyName,
      }));
    }
    races.push(race);
  }
  return { event, races };
}

function setStatus(request: APIRequestContext, race: Race, status: RaceStatus) {
  return adminPost(request, RacingAdminRoutes.raceStatus(race.raceId), { status });
}

/** Opens the race day, as a player who has already seen the one-time announcement. */
async function openRaceDay(page: Page, day: RaceDay) {
  await page.addInitScript(() => window.localStorage.setItem('announcementDate', '2025-03-28'));
  await page.goto(`/live?event=${day.event.id}`);
  await expect(page.getByTestId('event-name')).toHaveText(day.event.name);
  await expect(page.getByRole('dialog', { name: 'Welcome to Karera' })).toHaveCount(0);
}

const raceTab = (page: Page, raceNo: number) => page.getByRole('tab', { name: new RegExp(`^Race ${raceNo}\\b`) });
const runnerRow = (page: Page, horse: string): Locator => page.getByTestId('runner').filter({ hasText: horse });
const betToggle = (page: Page, runnerNo: string, horse: string) =>
  page.getByRole('button', { name: `Bet on ${runnerNo} ${horse}`, exact: true });
const notice = (page: Page) => page.getByTestId('race-notice');

const CARD: readonly RunnerSpec[] = [
  ['1', 'Bagyo', 'J. Santos'],
  ['1A', 'Kidlat', 'P. Reyes'],
  ['2', 'Alon', 'M. Cruz'],
  ['3', 'Hangin', 'R. Garcia'],
];

test('a player follows race 1 from awaiting to open, last call and closed without reloading', async ({
  page,
  request,
}) => {
  const day = await createRaceDay(request, [CARD]);
  const [race] = day.races as [Race];

  // The one-time announcement, remembered once closed.
  await page.goto(`/live?event=${day.event.id}`);
  const announcement = page.getByRole('dialog', { name: 'Welcome to Karera' });
  await expect(announcement).toBeVisible();
  await announcement.getByRole('button', { name: 'OK' }).click();
  await expect(announcement).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('announcementDate'))).toBe('2025-03-28');

  // Race name, arena, stream poster, Result link.
  await expect(page.getByRole('heading', { level: 1, name: 'Race', exact: true })).toBeVisible();
  await expect(page.getByTestId('event-name')).toHaveText(day.event.name);
  await expect(page.getByTestId('stream-poster')).toContainText('San Lazaro Leisure Park');
  await expect(page.getByTestId('stream-poster')).toContainText('Stream starts soon');
  await expect(page.getByTestId('race-day').getByRole('link', { name: 'Result', exact: true })).toHaveAttribute(
    'href',
    `/result?event=${day.event.id}&raceId=${race.raceId}`,
  );

  // A: waiting, with the start in Manila time; no toggles.
  const tab = raceTab(page, 1);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toHaveAccessibleName(/Race 1\s+Soon/);
  await expect(notice(page)).toContainText('Waiting to open bet');
  await expect(notice(page)).toContainText(/Starts on \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M/);
  await expect(runnerRow(page, 'Bagyo')).toContainText('J. Santos');
  await expect(page.getByRole('button', { name: /^Bet on/ })).toHaveCount(0);

  // O: a Bet toggle per runner; picking 1 picks its entry 1A too.
  await setStatus(request, race, 'O');
  await expect(tab).toHaveAccessibleName(/Race 1\s+Open/);
  await expect(page.getByTestId('live-announcer')).toHaveText('Race 1: betting is open');
  await expect(notice(page)).toHaveCount(0);
  await betToggle(page, '1', 'Bagyo').click();
  await expect(betToggle(page, '1', 'Bagyo')).toHaveAttribute('aria-pressed', 'true');
  await expect(betToggle(page, '1A', 'Kidlat')).toHaveAttribute('aria-pressed', 'true');
  await expect(betToggle(page, '2', 'Alon')).toHaveAttribute('aria-pressed', 'false');
  await betToggle(page, '1A', 'Kidlat').click();
  await expect(betToggle(page, '1', 'Bagyo')).toHaveAttribute('aria-pressed', 'false');
  await betToggle(page, '2', 'Alon').click();

  // L: still open for picks, with the blinking last call; the pick survived (no reload).
  await setStatus(request, race, 'L');
  await expect(tab).toHaveAccessibleName(/Race 1\s+Last call/);
  await expect(notice(page)).toHaveText('Last call');
  await expect(betToggle(page, '2', 'Alon')).toHaveAttribute('aria-pressed', 'true');

  // C: Close Bet, no toggles.
  await setStatus(request, race, 'C');
  await expect(tab).toHaveAccessibleName(/Race 1\s+Closed/);
  await expect(notice(page)).toHaveText('Close Bet');
  await expect(page.getByRole('button', { name: /^Bet on/ })).toHaveCount(0);
  await expect(page.getByTestId('live-announcer')).toHaveText('Race 1: betting is closed');

  // The announcement stays closed on the next visit.
  await page.reload();
  await expect(page.getByTestId('event-name')).toHaveText(day.event.name);
  await expect(notice(page)).toHaveText('Close Bet');
  await expect(announcement).toHaveCount(0);
});

test('a scratched runner shows Scratched and drops out; the winner shows 1st once the result is in', async ({
  page,
  request,
}) => {
  const day = await createRaceDay(request, [CARD]);
  const [race] = day.races as [Race];
  await setStatus(request, race, 'O');
  await openRaceDay(page, day);

  await betToggle(page, '3', 'Hangin').click();
  await expect(betToggle(page, '3', 'Hangin')).toHaveAttribute('aria-pressed', 'true');

  const hangin = race.runners.find((r) => r.horseName === 'Hangin');
  if (!hangin) throw new Error('runner missing');
  await adminPost(request, RacingAdminRoutes.scratch(hangin.id), { scratched: true });
  await expect(runnerRow(page, 'Hangin').getByTestId('runner-mark')).toHaveText('Scratched');
  await expect(betToggle(page, '3', 'Hangin')).toHaveCount(0);
  await expect(betToggle(page, '2', 'Alon')).toBeVisible();

  // The official result (entered in the back office) marks the winner 1st and the others X.
  await setStatus(request, race, 'C');
  await expect(notice(page)).toHaveText('Close Bet');
  await adminPost(request, ToteAdminRoutes.confirmResult(race.raceId), {
    finish: [[2], [1]],
    idempotencyKey: `live-result-${race.raceId}`,
  });
  await expect(raceTab(page, 1)).toHaveAccessibleName(/Race 1\s+Result/);
  await expect(runnerRow(page, 'Alon').getByTestId('runner-mark')).toHaveText('1st');
  await expect(runnerRow(page, 'Bagyo').getByTestId('runner-mark')).toHaveText('X');
  await expect(runnerRow(page, 'Hangin').getByTestId('runner-mark')).toHaveText('Scratched');
  // Nobody bet on it, so no runner had odds: a finished race never says 'no odds yet'.
  await expect(runnerRow(page, 'Bagyo').getByTestId('runner-odds')).toContainText('—');
  await expect(page.getByTestId('race-panel').getByText('no odds yet')).toHaveCount(0);
});

test('changing race with picks asks first; a cancelled race says so; the schedule lists race days', async ({
  page,
  request,
}) => {
  const day = await createRaceDay(request, [CARD, [['1', 'Bituin', 'L. Ramos']]]);
  const [first, second] = day.races as [Race, Race];
  await setStatus(request, first, 'O');
  await openRaceDay(page, day);
  await expect(raceTab(page, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(raceTab(page, 2)).toHaveAccessibleName(/Race 2\s+Soon/);

  await betToggle(page, '2', 'Alon').click();
  await raceTab(page, 2).click();
  const confirm = page.getByRole('alertdialog', { name: 'Change race' });
  await expect(confirm).toContainText(
    'When you change a race number all your selected horse on current race will be removed.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(raceTab(page, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(betToggle(page, '2', 'Alon')).toHaveAttribute('aria-pressed', 'true');

  await raceTab(page, 2).click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(raceTab(page, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(runnerRow(page, 'Bituin')).toBeVisible();

  // Back to race 1: the picks are gone, and no question without picks.
  await raceTab(page, 1).click();
  await expect(raceTab(page, 1)).toHaveAttribute('aria-selected', 'true');
  await expect(betToggle(page, '2', 'Alon')).toHaveAttribute('aria-pressed', 'false');
  await raceTab(page, 2).click();
  await expect(raceTab(page, 2)).toHaveAttribute('aria-selected', 'true');

  await setStatus(request, second, 'X');
  await expect(raceTab(page, 2)).toHaveAccessibleName(/Race 2\s+Cancelled/);
  await expect(notice(page)).toHaveText('Race cancelled');

  await page.getByRole('button', { name: 'Schedule' }).click();
  const schedule = page.getByRole('dialog', { name: 'Race schedule' });
  await expect(schedule.getByRole('listitem')).toHaveCount(8);
  await expect(schedule.getByRole('listitem').first()).toHaveText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \w{3} \d{1,2}/);
  await schedule.getByRole('button', { name: 'Close' }).last().click();
  await expect(schedule).toBeHidden();
});

test('the live socket reconnects after a drop and catches up on what it missed', async ({ page, request }) => {
  const day = await createRaceDay(request, [CARD]);
  const [race] = day.races as [Race];
  await setStatus(request, race, 'O');

  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  await openRaceDay(page, day);
  await expect(betToggle(page, '1', 'Bagyo')).toBeVisible();
  await expect.poll(() => sockets.length).toBe(1);

  // The connection drops: the page says it is reconnecting; a change made meanwhile still arrives.
  await sockets[0]?.close({ code: 4000, reason: 'e2e drop' });
  await expect(page.getByTestId('live-reconnecting')).toHaveText('Reconnecting…');
  await setStatus(request, race, 'L');
  await expect(page.getByTestId('live-reconnecting')).toBeHidden();
  await expect.poll(() => sockets.length).toBe(2);
  await expect(notice(page)).toHaveText('Last call');

  // And the new connection delivers what happens next.
  await setStatus(request, race, 'C');
  await expect(notice(page)).toHaveText('Close Bet');
});

test('a status that reached the screen by a reading of the card, not by the socket, is told to a screen reader', async ({
  page,
  request,
}) => {
  const day = await createRaceDay(request, [CARD]);
  const [race] = day.races as [Race];
  await setStatus(request, race, 'O');

  // The socket never delivers race 1's last call: every frame passes but for that message.
  const lastCall = (message: RealtimeMessage) =>
    message.type === 'RACE_STATUS' && message.raceId === race.raceId && message.status === 'L';
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    sockets.push(ws);
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      const text = typeof frame === 'string' ? frame : frame.toString('utf8');
      const messages = decodeFrame(text);
      if (!messages.some(lastCall)) ws.send(frame);
      else if (messages.some((message) => !lastCall(message)))
        ws.send(encodeFrame(messages.filter((message) => !lastCall(message))));
    });
  });
  await openRaceDay(page, day);
  await expect(betToggle(page, '1', 'Bagyo')).toBeVisible();
  await expect.poll(() => sockets.length).toBe(1);

  await setStatus(request, race, 'L');
  // The dropped socket comes back and the page reads the card again: the last call comes from that reading.
  await sockets[0]?.close({ code: 4000, reason: 'e2e drop' });
  await expect.poll(() => sockets.length).toBe(2);
  await expect(notice(page)).toHaveText('Last call');
  await expect(page.getByTestId('live-announcer')).toHaveText('Race 1: last call');
});

test('a balance changed while the socket was down shows once it is back, on the live screen and elsewhere', async ({
  page,
  request,
}) => {
  const day = await createRaceDay(request, [CARD]);
  const sockets: WebSocketRoute[] = [];
  let creditWhileDown: (() => Promise<unknown>) | undefined;
  await page.routeWebSocket(/\/ws$/, async (ws) => {
    sockets.push(ws);
    // The page's next socket reaches the server only once the money has moved: its notice went to no one.
    const credit = creditWhileDown;
    creditWhileDown = undefined;
    await credit?.();
    ws.connectToServer();
  });
  await openRaceDay(page, day);
  const playerId = Number(await page.evaluate(() => window.localStorage.getItem('playerId')));
  const balance = page.getByTestId('player-balance');
  const shown = async () => {
    await expect(balance).toHaveText(/^₱[\d,]+\.\d\d$/);
    return Number((await balance.innerText()).replace(/[₱,.]/g, ''));
  };

  // The page's latest socket drops; the money moves before its next one reaches the server.
  const dropAndCredit = async () => {
    const before = await shown();
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const opened = sockets.length;
    creditWhileDown = () =>
      adminPost(
        request,
        BackofficeRoutes.adjustments(playerId),
        { account: 'credit', amount: 5_000, reason: 'E2E credit while offline' },
        { 'idempotency-key': `e2e-offline-credit-${uniqueSuffix()}` },
      );
    await sockets[opened - 1]?.close({ code: 4000, reason: 'e2e drop' });
    await expect.poll(() => sockets.length).toBeGreaterThan(opened);
    await expect(balance).toHaveText(formatPeso(before + 5_000));
  };
  // The live screen's own socket.
  await dropAndCredit();
  // The socket the other pages share.
  await page.goto('/account');
  await dropAndCredit();
});

test('a socket refused for an ended session logs the player out', async ({ page, request, context }) => {
  const day = await createRaceDay(request, [CARD]);
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  await openRaceDay(page, day);
  await expect.poll(() => sockets.length).toBe(1);

  // The session cookie is gone; the next GAME_CONNECT is refused with 'Invalid authentication received.'.
  await context.clearCookies();
  await sockets[0]?.close({ code: 4000, reason: 'e2e drop' });
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('playerId'))).toBeNull();
});

test('a stream channel plays in the embedded player; a race day that cannot load says to reload', async ({
  page,
  request,
}) => {
  await page.route('https://player.twitch.tv/**', (route) => route.abort());
  const day = await createRaceDay(request, [CARD], 'karera_tv');
  await openRaceDay(page, day);
  const player = page.frameLocator('iframe[title="Live stream of San Lazaro Leisure Park"]');
  await expect(player.owner()).toHaveAttribute('src', 'https://player.twitch.tv/?channel=karera_tv&parent=127.0.0.1');

  await page.goto('/live?event=2147483000');
  await expect(page.getByRole('alert')).toContainText('Error 404, please reload page');
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
});

test('an http stream plays as HLS through hls.js; a stream that cannot load offers its address', async ({
  page,
  request,
}) => {
  const playlist = 'https://stream.karera.test/live/race.m3u8';
  const requested: string[] = [];
  await page.route('https://stream.karera.test/**', async (route) => {
    requested.push(route.request().url());
    if (route.request().url() === playlist) {
      await route.fulfill({
        contentType: 'application/vnd.apple.mpegurl',
        body: '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\nseg0.ts\n',
      });
    } else {
      await route.fulfill({ status: 404, body: 'Not found' });
    }
  });
  // A browser without native HLS (recent Chromium plays it natively), so that hls.js does the work.
  await page.addInitScript(() => {
    HTMLMediaElement.prototype.canPlayType = () => '';
  });
  const day = await createRaceDay(request, [CARD], playlist);
  await openRaceDay(page, day);
  await expect(page.getByTestId('stream-video')).toHaveAccessibleName('Live stream of San Lazaro Leisure Park');
  await expect.poll(() => requested).toEqual(expect.arrayContaining([playlist]));
  // hls.js feeds the video through Media Source: the element plays a blob:, never the playlist itself.
  await expect(page.getByTestId('stream-video')).toHaveAttribute('src', /^blob:/);

  const broken = await createRaceDay(request, [CARD], 'https://stream.karera.test/gone/race.m3u8');
  await openRaceDay(page, broken);
  await expect(page.getByTestId('stream-failed')).toBeVisible();
  await expect(page.getByRole('link', { name: /Open the live stream/ })).toHaveAttribute(
    'href',
    'https://stream.karera.test/gone/race.m3u8',
  );
});
