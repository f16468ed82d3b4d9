import { describe, expect, it } from 'vitest';
import { MASTER_AGENT_PHOTO_MAX_BYTES, MasterAgentMessages } from './masterAgentMessages.ts';
import {
  masterAgentApplicationSchema,
  masterAgentPhotoError,
  masterAgentTextErrors,
  normalizeTelegram,
} from './masterAgent.ts';
import { BackofficeMessages } from './backoffice.ts';
import { fieldErrorsOf } from './issues.ts';

const valid = {
  email: 'ana.reyes@example.com',
  firstName: 'Ana',
  lastName: 'Reyes',
  username: 'ana.reyes',
  mobile: '0917 123 4567',
  telegram: '@ana_reyes',
};

describe('master-agent form rules', () => {
  it("uses the spec's texts for the names and the email", () => {
    expect(MasterAgentMessages.firstNameRequired).toBe('First name is cannot be empty.');
    expect(MasterAgentMessages.lastNameRequired).toBe('Last name is cannot be empty.');
    expect(MasterAgentMessages.invalidEmail).toBe('Invalid email address.');
    expect(MasterAgentMessages.usernameFormat).toBe(BackofficeMessages.usernameFormat);
  });

  it('flags every empty field at once, each with its message', () => {
    expect(
      masterAgentTextErrors({ email: '', firstName: ' ', lastName: '', username: '', mobile: '', telegram: '' }),
    ).toEqual({
      email: 'Invalid email address.',
      firstName: 'First name is cannot be empty.',
      lastName: 'Last name is cannot be empty.',
      username: MasterAgentMessages.usernameRequired,
      mobile: MasterAgentMessages.mobileRequired,
      telegram: MasterAgentMessages.telegramRequired,
    });
    expect(masterAgentTextErrors(valid)).toEqual({});
  });

  it('refuses malformed values', () => {
    expect(
      masterAgentTextErrors({
        email: 'ana@',
        firstName: 'A'.repeat(31),
        lastName: 'Reyes',
        username: 'an',
        mobile: '0817 123 4567',
        telegram: '@abc',
      }),
    ).toEqual({
      email: MasterAgentMessages.invalidEmail,
      firstName: MasterAgentMessages.nameTooLong,
      username: MasterAgentMessages.usernameFormat,
      mobile: MasterAgentMessages.invalidMobile,
      telegram: MasterAgentMessages.telegramFormat,
    });
    expect(masterAgentTextErrors({ ...valid, username: 'ana reyes' }).username).toBe(
      MasterAgentMessages.usernameFormat,
    );
  });

  it('reads a Telegram account as @handle, t.me link or bare name', () => {
    expect(normalizeTelegram('@ana_reyes')).toBe('@ana_reyes');
    expect(normalizeTelegram('ana_reyes')).toBe('@ana_reyes');
    expect(normalizeTelegram('https://t.me/ana_reyes')).toBe('@ana_reyes');
    expect(normalizeTelegram('@1ana_reyes')).toBeNull();
    expect(normalizeTelegram('@ana-reyes')).toBeNull();
    expect(normalizeTelegram('@ana')).toBeNull();
  });

  it('checks a chosen photo: present, JPEG/PNG/WebP, at most the limit', () => {
    expect(masterAgentPhotoError('selfie', null)).toBe(MasterAgentMessages.selfieRequired);
    expect(masterAgentPhotoError('govId', null)).toBe(MasterAgentMessages.govIdRequired);
    expect(masterAgentPhotoError('selfie', { size: 10, type: 'image/gif' })).toBe(MasterAgentMessages.photoType);
    expect(masterAgentPhotoError('selfie', { size: MASTER_AGENT_PHOTO_MAX_BYTES + 1, type: 'image/jpeg' })).toBe(
      MasterAgentMessages.photoTooLarge,
    );
    expect(masterAgentPhotoError('govId', { size: MASTER_AGENT_PHOTO_MAX_BYTES, type: 'image/webp' })).toBeNull();
  });

  it('parses an application into its stored form', () => {
    const parsed = masterAgentApplicationSchema.parse({
      ...valid,
      telegram: 't.me/ana_reyes',
      mobile: '+639171234567',
      selfie: 'AAAA',
      govId: 'AAAA',
      idempotencyKey: 'key-12345678',
    });
    expect(parsed).toMatchObject({ mobile: '09171234567', telegram: '@ana_reyes', username: 'ana.reyes' });
    const refused = masterAgentApplicationSchema.safeParse({
      ...valid,
      firstName: '',
      selfie: '',
      govId: '',
      idempotencyKey: 'key-12345678',
    });
    expect(refused.success).toBe(false);
    if (!refused.success) {
      expect(fieldErrorsOf(refused.error)).toMatchObject({
        firstName: MasterAgentMessages.firstNameRequired,
        selfie: MasterAgentMessages.selfieRequired,
        govId: MasterAgentMessages.govIdRequired,
      });
    }
  });
});
