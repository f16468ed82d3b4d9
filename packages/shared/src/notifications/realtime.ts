/**
 * The live socket's inbox message: INBOX_CHANGED:<playerId>:<unread>, sent only to that player's sockets when a
 * notice reaches their inbox or they read one, so the bell shows the count without asking. The race codec
 * drops it as unknown.
 */
export interface InboxChangedMessage {
  type: 'INBOX_CHANGED';
  playerId: number;
  unread: number;
}

const PATTERN = /^INBOX_CHANGED:(\d{1,10}):(\d{1,9})$/;

export function encodeInboxChanged(playerId: number, unread: number): string {
  if (!Number.isSafeInteger(playerId) || playerId <= 0) throw new RangeError(`Not a player id: ${playerId}`);
  return `INBOX_CHANGED:${playerId}:${Math.max(0, Math.trunc(unread))}`;
}

/** The INBOX_CHANGED messages of a frame (messages separated by '|'); anything else is ignored. */
export function inboxChangesIn(frame: string): InboxChangedMessage[] {
  return frame.split('|').flatMap((text) => {
    const match = PATTERN.exec(text);
    return match?.[1] && match[2]
      ? [{ type: 'INBOX_CHANGED' as const, playerId: Number(match[1]), unread: Number(match[2]) }]
      : [];
  });
}
