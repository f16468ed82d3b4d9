import { formatManilaDateTime, type RgExclusionView } from '@karera/shared';

export type BreakNotice = { kind: 'coolOff' | 'selfExclusion'; until: string } | { kind: 'operator' } | null;

/**
 * What the break banner says, from the server's view of the player's break (responsible-gaming status):
 * a cool-off or self-exclusion with its end in Manila time, the operator's exclusion without one, nothing
 * when there is no break or it has ended.
 */
export function breakNoticeOf(exclusion: RgExclusionView | null | undefined, nowMs: number): BreakNotice {
  if (!exclusion) return null;
  if (exclusion.kind === 'operator' || exclusion.endsAt === null) return { kind: 'operator' };
  const ends = exclusion.cancelAt ?? exclusion.endsAt;
  if (Date.parse(ends) <= nowMs) return null;
  return { kind: exclusion.kind, until: formatManilaDateTime(ends) };
}
