import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  channelEnabled,
  renderNotice,
  type NotificationKind,
  type NotificationKindSpec,
} from './kinds.ts';
import { encodeInboxChanged, inboxChangesIn } from './realtime.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('notification kinds', () => {
  it.each(NOTIFICATION_KIND_NAMES)('%s: English and Filipino texts name exactly its parameters', (kind) => {
    const spec = NOTIFICATION_KINDS[kind];
    const params = [...new Set(spec.params)].sort();
    for (const language of ['en', 'fil'] as const) {
      const used = [...new Set([...placeholders(spec[language].title), ...placeholders(spec[language].body)])].sort();
      expect(used, `${kind} ${language}`).toEqual(params);
      expect(spec[language].title.trim()).not.toBe('');
      expect(spec.label[language].trim()).not.toBe('');
    }
    // Filipino is Filipino: the body differs from the English one.
    expect(spec.fil.body).not.toBe(spec.en.body);
    expect(spec.channels).toContain('inbox');
  });

  it('fills parameters in both languages', () => {
    expect(renderNotice('ticket.won', { ticketNo: 'A1B2', amount: '₱150.00' }, 'en')).toEqual({
      title: 'Your ticket won!',
      body: 'Ticket A1B2 won ₱150.00. It is in your balance.',
    });
    expect(renderNotice('ticket.won', { ticketNo: 'A1B2', amount: '₱150.00' }, 'fil')).toEqual({
      title: 'Nanalo ang tiket mo!',
      body: 'Nanalo ng ₱150.00 ang tiket A1B2. Nasa balanse mo na ito.',
    });
    expect(renderNotice('race.starting', { horse: 'Bagyo', raceNo: 4, minutes: 10 }, 'fil').body).toBe(
      'Magsisimula ang Karera 4 sa loob ng 10 minuto. Kasali ang sinusundan mong si Bagyo.',
    );
  });

  it("a coded parameter (a leg outcome, a limit) reads in each language's words", () => {
    const params = { ticketNo: 'A1B2', leg: 2, legs: 4, outcome: 'out' };
    expect(renderNotice('leg.result', params, 'en')).toEqual({
      title: 'Ticket A1B2: leg 2 of 4',
      body: 'Leg 2 of 4 is official: your picks lost, the ticket is out.',
    });
    expect(renderNotice('leg.result', { ...params, outcome: 'alive' }, 'fil').body).toBe(
      'Opisyal na ang leg 2 ng 4: nanalo ang pili mo, buhay pa ang tiket.',
    );
    expect(
      renderNotice('limit.reached', { limit: 'lossWeek', amount: '₱500.00', resetsAt: 'Dec 7, 2026 12:00 AM' }, 'fil')
        .body,
    ).toBe(
      'Naabot mo na ang limit sa netong talo kada linggo mong ₱500.00. Babalik ito sa simula sa Dec 7, 2026 12:00 AM (oras ng Manila).',
    );
    for (const kind of NOTIFICATION_KIND_NAMES) {
      const spec: NotificationKindSpec = NOTIFICATION_KINDS[kind];
      for (const [name, codes] of Object.entries(spec.paramTexts ?? {})) {
        expect(spec.params, `${kind} ${name}`).toContain(name);
        for (const words of Object.values(codes)) {
          expect(words.en.trim()).not.toBe('');
          expect(words.fil.trim()).not.toBe('');
          expect(words.fil).not.toBe(words.en);
        }
      }
    }
  });

  it('SMS only for what must not be missed; promos are marketing; payment and identity decisions are urgent', () => {
    const withSms = NOTIFICATION_KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].channels.includes('sms'));
    expect(withSms.sort()).toEqual(
      [
        'deposit.approved',
        'deposit.declined',
        'kyc.rejected',
        'kyc.resubmit',
        'kyc.verified',
        'withdrawal.approved',
        'withdrawal.declined',
      ].sort(),
    );
    expect(NOTIFICATION_KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].marketing)).toEqual(['promo.expiring']);
    expect(NOTIFICATION_KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].urgent).sort()).toEqual(withSms.sort());
  });

  it('a channel is on by default unless the kind says otherwise, the player decides, and a channel a kind cannot use is never on', () => {
    const kind: NotificationKind = 'ticket.lost';
    expect(channelEnabled(kind, 'inbox', {})).toBe(true);
    expect(channelEnabled(kind, 'push', {})).toBe(false);
    expect(channelEnabled(kind, 'push', { 'ticket.lost': { push: true } })).toBe(true);
    expect(channelEnabled('ticket.won', 'inbox', { 'ticket.won': { inbox: false } })).toBe(false);
    expect(channelEnabled('ticket.won', 'sms', { 'ticket.won': { sms: true } })).toBe(false);
  });

  it('the socket message carries the player and the unread count, and nothing else passes', () => {
    expect(encodeInboxChanged(7, 3)).toBe('INBOX_CHANGED:7:3');
    expect(inboxChangesIn('RACE_STATUS:4:O|INBOX_CHANGED:7:3|BALANCE_CHANGED:7')).toEqual([
      { type: 'INBOX_CHANGED', playerId: 7, unread: 3 },
    ]);
    expect(inboxChangesIn('INBOX_CHANGED:7:-1|INBOX_CHANGED:x:1')).toEqual([]);
  });
});
