import { z } from 'zod';
import { Messages } from './messages.ts';
import { lazySchema } from './lazySchema.ts';

export const CONTACT_REASONS = ['Sales', 'Support', 'General Feedback'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const contactMessageSchema = lazySchema(() =>
  z.strictObject({
    name: z
      .string(Messages.contactNameRequired)
      .trim()
      .min(1, Messages.contactNameRequired)
      .max(100, Messages.contactNameTooLong),
    email: z.string(Messages.invalidEmail).trim().max(254, Messages.invalidEmail).pipe(z.email(Messages.invalidEmail)),
    reason: z.enum(CONTACT_REASONS, Messages.contactReasonRequired),
    notes: z
      .string(Messages.contactNotesRequired)
      .trim()
      .min(1, Messages.contactNotesRequired)
      .max(2000, Messages.contactNotesTooLong),
  }),
);
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
