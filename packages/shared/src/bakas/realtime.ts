import { BAKAS_STATUSES, type BakasStatus } from '../api/schemas/bakas.ts';

/**
 * The live socket's group-ticket messages (decision 056). A player's socket, once connected, sends
 * BAKAS_WATCH:<code> to follow a group's link (a socket follows at most a few); the server then sends it
 * BAKAS_SHARES:<code>:<sharesSold>:<shares>:<status> after each purchase, placing, cancellation or settlement
 * commits. The race codec drops both as unknown.
 */
export interface BakasSharesMessage {
  type: 'BAKAS_SHARES';
  code: string;
  sharesSold: number;
  shares: number;
  status: BakasStatus;
}

/** How many groups one socket may follow at once; a further watch replaces the oldest. */
export const BAKAS_WATCH_PER_SOCKET = 5;

const CODE = '[A-Za-z0-9]{8,40}';
const WATCH = new RegExp(`^BAKAS_WATCH:(${CODE})$`);
const SHARES = new RegExp(`^BAKAS_SHARES:(${CODE}):(\\d{1,3}):(\\d{1,3}):([a-z]+)$`);
const isStatus = (text: string): text is BakasStatus => (BAKAS_STATUSES as readonly string[]).includes(text);

export function encodeBakasWatch(code: string): string {
  if (!new RegExp(`^${CODE}$`).test(code)) throw new RangeError(`Not a group ticket code: ${code}`);
  return `BAKAS_WATCH:${code}`;
}

/** The group code a BAKAS_WATCH message names, or null for anything else. */
export function bakasWatchOf(text: string): string | null {
  return WATCH.exec(text)?.[1] ?? null;
}

export function encodeBakasShares(message: Omit<BakasSharesMessage, 'type'>): string {
  return `BAKAS_SHARES:${message.code}:${message.sharesSold}:${message.shares}:${message.status}`;
}

/** The BAKAS_SHARES messages of a frame (messages separated by '|'); anything else is ignored. */
export function bakasSharesIn(frame: string): BakasSharesMessage[] {
  return frame.split('|').flatMap((text) => {
    const match = SHARES.exec(text);
    if (!match?.[1] || !match[2] || !match[3] || !match[4] || !isStatus(match[4])) return [];
    return [
      {
        type: 'BAKAS_SHARES' as const,
        code: match[1],
        sharesSold: Number(match[2]),
        shares: Number(match[3]),
        status: match[4],
      },
    ];
  });
}
