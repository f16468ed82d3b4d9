import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { DashboardResponse } from '@karera/shared';
import { createBackofficeI18n } from '../../i18n/i18n.ts';
import { DashboardBody } from './DashboardPage.tsx';

const NOW = '2026-11-27T02:00:00.000Z';
const minutesBefore = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();

function answer(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    statusCode: 200,
    now: NOW,
    raceDayToday: true,
    races: [],
    carryovers: [],
    deposits: { count: 0, oldestAt: null, late: 0 },
    withdrawals: { count: 0, oldestAt: null },
    pending: [],
    playersOnline: 0,
    alerts: [],
    ...overrides,
  };
}

function render(data: DashboardResponse): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createBackofficeI18n()}>
      <MemoryRouter>
        <DashboardBody data={data} fetchedAt={Date.now()} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the dashboard page', () => {
  it('says when there is no race day today', () => {
    const html = render(answer({ raceDayToday: false }));
    expect(html).toContain('No race day today.');
    expect(html).not.toContain('Races in play');
  });

  it('shows a deposit red once past 5 minutes by the server’s clock, a withdrawal never', () => {
    const request = { playerId: 7, playerName: 'Ana Reyes', amount: 50_000, channel: 'GCASH', late: false };
    const html = render(
      answer({
        deposits: { count: 2, oldestAt: minutesBefore(6), late: 0 },
        withdrawals: { count: 1, oldestAt: minutesBefore(20) },
        pending: [
          { ...request, id: 1, kind: 'DEPOSIT', createdAt: minutesBefore(6) },
          { ...request, id: 2, kind: 'DEPOSIT', createdAt: minutesBefore(4) },
          { ...request, id: 3, kind: 'WITHDRAW', createdAt: minutesBefore(20) },
        ],
      }),
    );
    const rows = [...html.matchAll(/<tr data-testid="dashboard-pending-row" data-late="(true|false)">/g)].map(
      (match) => match[1],
    );
    expect(rows).toEqual(['true', 'false', 'false']);
    expect(html).toContain('6 min · Late');
    expect(html).toContain('href="/players/7"');
  });

  it('links each alert to its race, a stopped settlement to the race’s settlement report', () => {
    const alert = { eventId: 3, eventName: 'Metro Day', raceNo: 2, since: minutesBefore(2), detail: '' };
    const html = render(
      answer({
        alerts: [
          { ...alert, kind: 'POST_TIME_PASSED', raceId: 9 },
          { ...alert, kind: 'SETTLEMENT_UNCONFIRMED', raceId: 8 },
          { ...alert, kind: 'STREAM_DOWN', raceId: 9, detail: 'HTTP 503' },
        ],
      }),
    );
    expect(html).toContain('href="/race-day/3/races/9"');
    expect(html).toContain('href="/race-day/3/races/8/report"');
    expect(html).toContain('Post time passed 2 min ago and betting is still open');
    expect(html).toContain('Stream down for 2 min (HTTP 503)');
  });
});
