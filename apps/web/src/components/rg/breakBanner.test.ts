import { describe, expect, it } from 'vitest';
import { formatManilaDateTime, type RgExclusionView } from '@karera/shared';
import { breakNoticeOf } from './breakBanner.ts';

const now = Date.parse('2026-11-28T01:00:00Z');
const coolOff: RgExclusionView = {
  id: 1,
  kind: 'coolOff',
  period: 'coolOff24h',
  startsAt: '2026-11-28T00:00:00Z',
  endsAt: '2026-11-29T00:00:00Z',
  cancellable: false,
  cancelAt: null,
};

describe('breakNoticeOf', () => {
  it('names a cool-off or self-exclusion with its end in Manila time', () => {
    expect(breakNoticeOf(coolOff, now)).toEqual({
      kind: 'coolOff',
      until: formatManilaDateTime('2026-11-29T00:00:00Z'),
    });
    const early = { ...coolOff, kind: 'selfExclusion' as const, cancelAt: '2026-12-01T00:00:00Z' };
    expect(breakNoticeOf(early, now)).toEqual({
      kind: 'selfExclusion',
      until: formatManilaDateTime('2026-12-01T00:00:00Z'),
    });
  });
  it('shows the operator exclusion without an end', () => {
    expect(breakNoticeOf({ ...coolOff, kind: 'operator', endsAt: null }, now)).toEqual({ kind: 'operator' });
  });
  it('shows nothing without a break or once it has ended', () => {
    expect(breakNoticeOf(null, now)).toBeNull();
    expect(breakNoticeOf(coolOff, Date.parse('2026-11-29T00:00:01Z'))).toBeNull();
  });
});
