import { describe, expect, it } from 'vitest';
import { RacingMessages, runnerUpdateSchema } from './racing.ts';

describe('runner update', () => {
  it('takes any one field, read as the full form reads it', () => {
    expect(runnerUpdateSchema.parse({ horseName: ' Bagyo ' })).toEqual({ horseName: 'Bagyo' });
    expect(runnerUpdateSchema.parse({ runnerNo: '1a' })).toEqual({ runnerNo: '1A' });
  });

  it('refuses an update that changes nothing, with a message saying what to send', () => {
    const empty = runnerUpdateSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([RacingMessages.runnerUpdateEmpty]);
  });

  it('still refuses unknown fields and bad values', () => {
    expect(runnerUpdateSchema.safeParse({ odds: 2 }).success).toBe(false);
    expect(runnerUpdateSchema.safeParse({ horseName: '' }).success).toBe(false);
  });
});
