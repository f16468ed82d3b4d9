import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fil } from './fil.ts';

/** Labels players read in English on the Filipino site: each has a Filipino text now. */
describe('Filipino labels', () => {
  const labels: [string, string, string][] = [
    ['routes.account', en.routes.account, fil.routes.account],
    ['player.footer.account', en.player.footer.account, fil.player.footer.account],
    ['cards.label', en.cards.label, fil.cards.label],
    ['live.scratched', en.live.scratched, fil.live.scratched],
    ['live.slip.credit', en.live.slip.credit, fil.live.slip.credit],
    ['payments.accountNumber', en.payments.accountNumber, fil.payments.accountNumber],
    ['payments.accountNo', en.payments.accountNo, fil.payments.accountNo],
    ['payments.referenceNumber', en.payments.referenceNumber, fil.payments.referenceNumber],
    ['auth.mobileNo', en.auth.mobileNo, fil.auth.mobileNo],
    ['player.mobileNo', en.player.mobileNo, fil.player.mobileNo],
    ['profile.mobileNo', en.profile.mobileNo, fil.profile.mobileNo],
    ['promo.fields.status', en.promo.fields.status, fil.promo.fields.status],
    ['betRules.poolTable', en.betRules.poolTable, fil.betRules.poolTable],
  ];

  it.each(labels)('%s is not left in English', (_key, english, filipino) => {
    expect(filipino).not.toBe(english);
    expect(filipino).not.toMatch(/^(Account|Race card|Scratched|Credit|Mobile number|Status|Pool table)$/i);
  });

  it('the reset-password step never claims the OTP was sent, in either language', () => {
    expect(en.auth.resetPassword.intro).toContain('If this number has an account, we sent it an OTP');
    expect(fil.auth.resetPassword.intro).toContain('Kung may akawnt ang numerong ito');
  });
});
