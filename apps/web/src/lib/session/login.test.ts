import { describe, expect, it } from 'vitest';
import { COOKIE_SESSION, loginFieldsOf } from './login.ts';

describe('loginFieldsOf', () => {
  it('keeps the login fields but never the session token', () => {
    const fields = loginFieldsOf({
      statusCode: 200,
      sessionId: 'real-secret-token',
      playerId: 1001,
      mobileNo: '09171234567',
      firstName: 'Juan',
      lastName: 'Dela Cruz',
      creditBalance: 12345,
      bonusBalance: 0,
      agentId: null,
    });
    expect(fields).toEqual({
      sessionId: COOKIE_SESSION,
      playerId: '1001',
      mobileNo: '09171234567',
      firstName: 'Juan',
      lastName: 'Dela Cruz',
      creditBalance: 12345,
      bonusBalance: 0,
      agentId: null,
    });
    expect(JSON.stringify(fields)).not.toContain('real-secret-token');
  });

  it('stores the agent id as text', () => {
    const fields = loginFieldsOf({
      statusCode: 200,
      playerId: 5,
      mobileNo: '09170000000',
      firstName: 'A',
      lastName: 'B',
      creditBalance: 0,
      bonusBalance: 100,
      agentId: 7,
    });
    expect(fields.agentId).toBe('7');
  });
});
