import {
  MASTER_AGENT_APPLICATION_STATUSES,
  masterAgentDeclineSchema,
  type MasterAgentApplicationStatus,
  type MasterAgentApplicationSummary,
} from '@karera/shared';

/** The list's status filter from the address bar: pending unless another status (or all) is named. */
export function statusFilterOf(value: string | null): MasterAgentApplicationStatus | null {
  if (value === 'all') return null;
  return MASTER_AGENT_APPLICATION_STATUSES.find((status) => status === value) ?? 'pending';
}

/** The decline reason's refusal (the server's rule), or null when it may be sent. */
export function declineReasonError(reason: string): string | null {
  const parsed = masterAgentDeclineSchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function applicantName(application: Pick<MasterAgentApplicationSummary, 'firstName' | 'lastName'>): string {
  return `${application.firstName} ${application.lastName}`;
}

/** An application id from the address bar, or null. */
export function applicationIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}
