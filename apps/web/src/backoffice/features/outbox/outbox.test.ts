import { describe, expect, it } from 'vitest';
import type { SmsOutboxEntry } from '@karera/shared';
import { mobileSearchTerm, newestFirst, statusTone } from './outbox.ts';

describe('mobileSearchTerm', () => {
  it('keeps a local number or part of one as typed, trimmed', () => {
    expect(mobileSearchTerm('  09171234567 ')).toBe('09171234567');
    expect(mobileSearchTerm('0917')).toBe('0917');
    expect(mobileSearchTerm('4567')).toBe('4567');
    expect(mobileSearchTerm('')).toBe('');
    expect(mobileSearchTerm('   ')).toBe('');
  });

  it('drops separators', () => {
    expect(mobileSearchTerm('0917-123 4567')).toBe('09171234567');
    expect(mobileSearchTerm('(0917) 123.4567')).toBe('09171234567');
  });

  it('reads +63 and 639 as the local 0', () => {
    expect(mobileSearchTerm('+63 917 123 4567')).toBe('09171234567');
    expect(mobileSearchTerm('+63917')).toBe('0917');
    expect(mobileSearchTerm('639171234567')).toBe('09171234567');
    expect(mobileSearchTerm('+63')).toBe('0');
  });

  it('leaves a number that only contains 63 alone', () => {
    expect(mobileSearchTerm('0963')).toBe('0963');
    expect(mobileSearchTerm('63')).toBe('63');
  });
});

describe('newestFirst', () => {
  const entry = (id: number, createdAt: string): SmsOutboxEntry => ({
    id,
    mobileNo: '09171234567',
    message: `Code ${id}`,
    purpose: 'register',
    status: 'stored',
    createdAt,
  });

  it('orders by time, newest first, then by id', () => {
    const list = [
      entry(1, '2026-01-01T00:00:00.000Z'),
      entry(3, '2026-01-02T00:00:00.000Z'),
      entry(2, '2026-01-02T00:00:00.000Z'),
    ];
    expect(newestFirst(list).map((m) => m.id)).toEqual([3, 2, 1]);
    expect(list.map((m) => m.id)).toEqual([1, 3, 2]);
  });
});

describe('statusTone', () => {
  it('marks failures', () => {
    expect(statusTone('failed')).toBe('danger');
    expect(statusTone('sent')).toBe('success');
    expect(statusTone('stored')).toBe('neutral');
  });
});
