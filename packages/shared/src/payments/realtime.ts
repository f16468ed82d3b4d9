/**
 * The live socket's per-player message: BALANCE_CHANGED:<playerId>, sent only to that player's sockets
 * when staff approve or decline their request, so the header balance refreshes. It carries no amount:
 * the client reads its balance through the authenticated getBalance call. The race codec
 * (racing/realtime.ts) drops it as unknown, so race clients are unaffected.
 */
export interface BalanceChangedMessage {
  type: 'BALANCE_CHANGED';
  playerId: number;
}

const PATTERN = /^BALANCE_CHANGED:(\d{1,10})$/;

export function encodeBalanceChanged(playerId: number): string {
  if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new RangeError(`Not a player id: ${playerId}`);
  return `BALANCE_CHANGED:${playerId}`;
}

/** The BALANCE_CHANGED messages of a frame (messages separated by '|'); anything else is ignored. */
export function balanceChangesIn(frame: string): BalanceChangedMessage[] {
  return frame.split('|').flatMap((text) => {
    const match = PATTERN.exec(text);
    return match?.[1] ? [{ type: 'BALANCE_CHANGED' as const, playerId: Number(match[1]) }] : [];
  });
}
