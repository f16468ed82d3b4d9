import { describe, expect, it } from 'vitest';
import { MasterAgentMessages } from '@karera/shared';
import { applicantName, applicationIdOf, declineReasonError, statusFilterOf } from './applications.ts';

describe('master-agent applications in the back office', () => {
  it('opens on the pending applications; all and the other statuses are chosen in the address', () => {
    expect(statusFilterOf(null)).toBe('pending');
    expect(statusFilterOf('approved')).toBe('approved');
    expect(statusFilterOf('declined')).toBe('declined');
    expect(statusFilterOf('all')).toBeNull();
    expect(statusFilterOf('whatever')).toBe('pending');
  });

  it('wants a decline reason of at least 5 characters', () => {
    expect(declineReasonError('')).toBe(MasterAgentMessages.declineReason);
    expect(declineReasonError('  no  ')).toBe(MasterAgentMessages.declineReason);
    expect(declineReasonError('x'.repeat(501))).toBe(MasterAgentMessages.declineReason);
    expect(declineReasonError('No players in the area yet.')).toBeNull();
  });

  it('reads ids and names', () => {
    expect(applicationIdOf('12')).toBe(12);
    expect(applicationIdOf('0')).toBeNull();
    expect(applicationIdOf('1e3')).toBeNull();
    expect(applicationIdOf(undefined)).toBeNull();
    expect(applicantName({ firstName: 'Ana', lastName: 'Reyes' })).toBe('Ana Reyes');
  });
});
