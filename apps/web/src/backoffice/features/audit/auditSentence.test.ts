import { describe, expect, it } from 'vitest';
import type { AuditEntryView } from '@karera/shared';
import { BACKOFFICE_NS, createBackofficeI18n } from '../../i18n/i18n.ts';
import type { BoT } from '../../i18n/useT.ts';
import { auditSentence, KNOWN_AUDIT_ACTIONS, shortDay } from './auditSentence.ts';

const fixedT = createBackofficeI18n().getFixedT('en', BACKOFFICE_NS);
const t: BoT = (key, values) => String(fixedT(key, values ?? {}));

function entry(overrides: Partial<AuditEntryView>): AuditEntryView {
  return {
    id: 1,
    createdAt: '2026-11-25T06:00:00.000Z',
    actorType: 'staff',
    actorId: 7,
    actorName: 'ana',
    actorRole: 'admin',
    action: 'staff.login',
    targetType: null,
    targetId: null,
    details: {},
    ip: null,
    race: null,
    ...overrides,
  };
}

const race3 = {
  raceId: 30,
  raceNo: 3,
  eventId: 2,
  eventName: 'Metro Cup',
  raceDate: '2026-11-25',
  runnerNo: null,
  horseName: null,
};

describe('audit sentences', () => {
  it('says who scratched which runner in which race', () => {
    const scratch = entry({
      action: 'racing.runner_scratched',
      targetType: 'runner',
      targetId: '812',
      details: { raceId: 30 },
      race: { ...race3, runnerNo: '4', horseName: 'Bagyo' },
    });
    expect(auditSentence(t, scratch)).toBe('Admin ana scratched runner 4 Bagyo in Race 3 of 25 Nov');
  });

  it('names each status move of a race', () => {
    const move = (to: string, from = 'A') =>
      auditSentence(
        t,
        entry({ action: 'racing.race_status', targetType: 'race', targetId: '30', details: { from, to }, race: race3 }),
      );
    expect(move('O')).toBe('Admin ana opened betting on Race 3 of 25 Nov');
    expect(move('C', 'L')).toBe('Admin ana closed betting on Race 3 of 25 Nov');
    expect(move('X', 'C')).toBe('Admin ana cancelled Race 3 of 25 Nov');
    expect(move('L', 'O')).toBe('Admin ana called last call on Race 3 of 25 Nov');
  });

  it('writes amounts in pesos and keeps the reason of an adjustment', () => {
    const adjusted = entry({
      action: 'player.balance_adjusted',
      targetType: 'player',
      targetId: '12',
      details: { account: 'credit', amount: 10050, reason: 'Goodwill' },
    });
    expect(auditSentence(t, adjusted)).toBe('Admin ana adjusted the credit of player #12 by ₱100.50: “Goodwill”');
  });

  it('speaks of players and the system, and of a staff member whose account is gone', () => {
    expect(
      auditSentence(
        t,
        entry({ actorType: 'system', actorId: null, actorName: null, actorRole: null, action: 'tote.setting_added' }),
      ),
    ).toBe('The system: Tote setting added');
    expect(auditSentence(t, entry({ actorName: null, actorRole: null, action: 'staff.logout' }))).toBe(
      'Staff member #7 signed out',
    );
    expect(
      auditSentence(
        t,
        entry({ actorType: 'player', actorId: 5, actorName: null, actorRole: null, action: 'player.registered' }),
      ),
    ).toBe('Player #5: Player registered');
  });

  it('falls back to the action and its target for an action without a sentence, and never to empty text', () => {
    expect(
      auditSentence(t, entry({ action: 'deposit_account.created', targetType: 'deposit_account', targetId: '3' })),
    ).toBe('Admin ana: deposit_account.created (deposit_account #3)');
    // Details that are not what the sentence needs: the generic sentence, not "undefined".
    expect(
      auditSentence(t, entry({ action: 'player.balance_adjusted', targetType: 'player', targetId: '9', details: {} })),
    ).toBe('Admin ana: Balance adjusted (player #9)');
  });

  it('offers each known action once, written as the server writes it', () => {
    const actions = KNOWN_AUDIT_ACTIONS.map((a) => a.action);
    expect(new Set(actions).size).toBe(actions.length);
    for (const action of actions) expect(action).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
    expect(actions).toContain('racing.runner_scratched');
    expect(actions).toContain('staff.two_factor_reset');
  });

  it('says who opened, noted, resolved and exported AML cases, without the note itself', () => {
    const flag = (action: string, details: Record<string, unknown> = { rule: 'LOW_TURNOVER', playerId: 41 }) =>
      auditSentence(t, entry({ action, targetType: 'aml_flag', targetId: '12', details }));
    expect(flag('aml.flag_viewed')).toBe('Admin ana opened AML flag #12 about player #41');
    expect(flag('aml.note_added', { note: 'Asked about the source of funds' })).toBe(
      'Admin ana added a note to AML flag #12',
    );
    expect(flag('aml.flag_no_action', { rule: 'LOW_TURNOVER', playerId: 41, note: 'Explained' })).toBe(
      'Admin ana closed AML flag #12 about player #41 with no action',
    );
    expect(flag('aml.flag_reported')).toBe(
      'Admin ana reported AML flag #12 about player #41 as a suspicious transaction',
    );
    expect(
      auditSentence(
        t,
        entry({ action: 'aml.reports_exported', targetType: 'aml_report', targetId: null, details: { flags: 3 } }),
      ),
    ).toBe('Admin ana exported the reported AML cases (3 flags) as CSV');
    expect(KNOWN_AUDIT_ACTIONS.map((a) => a.action)).toEqual(
      expect.arrayContaining(['aml.flag_viewed', 'aml.note_added', 'aml.flag_reported', 'aml.reports_exported']),
    );
  });

  it('writes a race day as day and short month', () => {
    expect(shortDay('2026-11-25')).toBe('25 Nov');
    expect(shortDay('2027-01-03')).toBe('3 Jan');
  });
});
