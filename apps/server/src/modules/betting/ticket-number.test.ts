import { describe, expect, it } from 'vitest';
import { newTicketNo } from './betting.service.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

describe('ticket numbers', () => {
  // Several times the 128 tickets one fetch of random bytes serves, so refills are crossed.
  const ticketNos = Array.from({ length: 2_000 }, () => newTicketNo());

  it('are 12 characters of the alphabet without look-alikes', () => {
    for (const ticketNo of ticketNos) expect(ticketNo).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{12}$/);
  });

  it('never repeat, across refills of their random bytes', () => {
    expect(new Set(ticketNos).size).toBe(ticketNos.length);
  });

  it('use every letter of the alphabet about equally', () => {
    const counts = new Map<string, number>();
    for (const letter of ticketNos.join('')) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    // 24,000 letters, 750 expected of each: a letter off by a third would mean a biased pick.
    for (const letter of ALPHABET) {
      expect(counts.get(letter) ?? 0).toBeGreaterThan(500);
      expect(counts.get(letter) ?? 0).toBeLessThan(1_000);
    }
  });
});
