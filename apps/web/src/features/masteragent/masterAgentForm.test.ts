import { describe, expect, it } from 'vitest';
import { MASTER_AGENT_PHOTO_MAX_BYTES, MasterAgentMessages } from '@karera/shared';
import { i18next } from '../../i18n/index.ts';
import './masterAgentI18n.ts';
import { masterAgentTexts } from './masterAgentTexts.ts';

/** i18next's t without the site's key types: the page's keys are added when its module loads. */
const translate = i18next.t as unknown as (key: string) => string;
import {
  applicationBody,
  EMPTY_VALUES,
  fieldErrorsFromServer,
  fileToBase64,
  firstErrorField,
  masterAgentMessageKey,
  validateMasterAgentForm,
} from './masterAgentForm.ts';

const jpeg = { size: 200_000, type: 'image/jpeg' };
const filled = {
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Reyes',
  username: 'ana.reyes',
  mobile: '09171234567',
  telegram: '@ana_reyes',
};

describe('master-agent form', () => {
  it('flags every field of an empty form with its message, the email first', () => {
    const errors = validateMasterAgentForm(EMPTY_VALUES, { selfie: null, govId: null });
    expect(errors).toEqual({
      email: 'Invalid email address.',
      firstName: 'First name is cannot be empty.',
      lastName: 'Last name is cannot be empty.',
      username: MasterAgentMessages.usernameRequired,
      mobile: MasterAgentMessages.mobileRequired,
      telegram: MasterAgentMessages.telegramRequired,
      selfie: MasterAgentMessages.selfieRequired,
      govId: MasterAgentMessages.govIdRequired,
    });
    expect(firstErrorField(errors)).toBe('email');
  });

  it('passes a complete form, and checks each photo for type and size before it is sent', () => {
    expect(validateMasterAgentForm(filled, { selfie: jpeg, govId: { size: 1, type: 'image/webp' } })).toEqual({});
    const errors = validateMasterAgentForm(filled, {
      selfie: { size: 10, type: 'image/gif' },
      govId: { size: MASTER_AGENT_PHOTO_MAX_BYTES + 1, type: 'image/png' },
    });
    expect(errors).toEqual({ selfie: MasterAgentMessages.photoType, govId: MasterAgentMessages.photoTooLarge });
    expect(firstErrorField(errors)).toBe('selfie');
  });

  it('focuses the first field in the order of the form', () => {
    expect(firstErrorField({ govId: 'x', lastName: 'y', telegram: 'z' })).toBe('lastName');
    expect(firstErrorField({})).toBeUndefined();
  });

  it("keeps the server's field errors of the form's own fields", () => {
    expect(fieldErrorsFromServer({ username: MasterAgentMessages.usernameTaken, idempotencyKey: 'x', _: 'y' })).toEqual(
      { username: MasterAgentMessages.usernameTaken },
    );
  });

  it('sends the fields as typed and both photos', () => {
    expect(applicationBody(filled, { selfie: 'AAA', govId: 'BBB' }, 'key-123456789')).toEqual({
      ...filled,
      selfie: 'AAA',
      govId: 'BBB',
      idempotencyKey: 'key-123456789',
    });
  });

  it('finds the i18n key of every shared message', () => {
    for (const [key, text] of Object.entries(MasterAgentMessages)) {
      const found = masterAgentMessageKey(text);
      expect(found).toBeDefined();
      expect(masterAgentTexts.messages[found ?? 'received']).toBe(text);
      expect(translate(`masterAgent.messages.${found ?? 'received'}`)).toBe(text);
      if (found !== key) expect(MasterAgentMessages[found ?? 'received']).toBe(text);
    }
    expect(masterAgentMessageKey('Something else.')).toBeUndefined();
  });

  it("adds the page's texts to the player site's resources when the page loads", () => {
    expect(translate('masterAgent.submit')).toBe('Submit');
    expect(translate('masterAgent.messages.firstNameRequired')).toBe('First name is cannot be empty.');
  });

  it('reads a photo as base64 without the data: prefix', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect(await fileToBase64(new Blob([bytes], { type: 'image/jpeg' }))).toBe('/9j/4A==');
  });
});
