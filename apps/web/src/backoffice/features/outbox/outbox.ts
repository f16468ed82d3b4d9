import type { SmsOutboxEntry } from '@karera/shared';

/**
 * What is typed into the outbox search, as the stored mobile numbers read (09xxxxxxxxx): spaces,
 * dashes, dots and brackets go, and a leading +63 or 63 becomes 0, so '+63 917-123' finds 0917123….
 * Part of a number is fine; the server matches on what is sent.
 */
export function mobileSearchTerm(input: string): string {
  const compact = input.replace(/[\s\-.()]/g, '');
  if (compact.startsWith('+63')) return `0${compact.slice(3)}`;
  if (/^639\d/.test(compact)) return `0${compact.slice(2)}`;
  return compact;
}

/** Newest first whatever order the page arrives in; the id breaks ties within one instant. */
export function newestFirst(messages: readonly SmsOutboxEntry[]): SmsOutboxEntry[] {
  return messages.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export type OutboxStatus = SmsOutboxEntry['status'];

/** How a status is drawn: only a failure needs the reader's attention. */
export function statusTone(status: OutboxStatus): 'neutral' | 'success' | 'danger' {
  return status === 'failed' ? 'danger' : status === 'sent' ? 'success' : 'neutral';
}
