import { describe, expect, it } from 'vitest';
import { PlayerMessages } from '@karera/shared';
import { en } from '../i18n/en.ts';

describe('message catalogue', () => {
  it('has every shared player message, word for word', () => {
    expect(en.messages).toEqual({ ...PlayerMessages });
  });
});
