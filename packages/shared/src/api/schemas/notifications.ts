import { z } from 'zod';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_LANGUAGES,
  type NotificationKind,
} from '../../notifications/kinds.ts';
import { QUIET_TIME_PATTERN } from '../../notifications/quietHours.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

/** The inbox shows this many notices a page. */
export const INBOX_PAGE_SIZE = 20;
/** One mark-read call names at most this many notices. */
export const MARK_READ_MAX = 100;

export const NotificationMessages = {
  marked: 'Marked as read.',
  saved: 'Notification settings saved.',
  quietTime: 'Enter a time as HH:MM, from 00:00 to 23:59.',
  quietBoth: 'Quiet hours need both a start and an end.',
  unknownKind: 'Unknown notification kind.',
} as const;

const kindSchema = lazySchema(() => z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]));
const channelSchema = lazySchema(() => z.enum(NOTIFICATION_CHANNELS as ['inbox', 'push', 'sms']));
const languageSchema = lazySchema(() => z.enum(NOTIFICATION_LANGUAGES as ['en', 'fil']));
const textSchema = lazySchema(() => z.object({ title: z.string(), body: z.string() }));

/** One notice in the player's inbox, in both languages (the screen shows the one it speaks). */
export const inboxNoticeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: kindSchema,
    en: textSchema,
    fil: textSchema,
    linkPath: z.string(),
    /** ISO 8601 UTC. */
    createdAt: z.string(),
    read: z.boolean(),
  }),
);
export type InboxNotice = z.output<typeof inboxNoticeSchema>;

export const inboxListQuery = lazySchema(() =>
  z.strictObject({
    page: z
      .string()
      .regex(/^[1-9][0-9]{0,4}$/, 'Must be a page number from 1.')
      .transform(Number)
      .optional(),
  }),
);

export const inboxListResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    notices: z.array(inboxNoticeSchema),
    unread: z.number().int(),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type InboxListResponse = z.output<typeof inboxListResponseSchema>;

export const unreadResponseSchema = lazySchema(() =>
  z.object({ statusCode: z.literal(200), unread: z.number().int() }),
);

export const markReadSchema = lazySchema(() =>
  z.strictObject({
    ids: z.array(z.string().uuid()).min(1).max(MARK_READ_MAX),
  }),
);
export const markAllReadSchema = lazySchema(() => z.strictObject({}));

const quietTime = lazySchema(() => z.string().regex(QUIET_TIME_PATTERN, NotificationMessages.quietTime));
const channelChoices = lazySchema(() =>
  z.strictObject({
    inbox: z.boolean().optional(),
    push: z.boolean().optional(),
    sms: z.boolean().optional(),
  }),
);

/** What the player chose: per kind, per channel (only channels the kind may use count). */
export const notificationPreferencesSchema = lazySchema(() =>
  z.strictObject({
    kinds: z.partialRecord(kindSchema, channelChoices),
    quietHours: z.strictObject({ from: quietTime, to: quietTime }).nullable(),
    marketingOptOut: z.boolean(),
    /** The language push and SMS notices are written in. */
    language: languageSchema,
  }),
);
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

export const notificationPreferencesResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    statusMessage: z.string().optional(),
    /** Every kind, with each channel it may use on or off (the player's choice or the default). */
    kinds: z.array(
      z.object({
        kind: kindSchema,
        marketing: z.boolean(),
        channels: z.array(z.object({ channel: channelSchema, enabled: z.boolean() })),
      }),
    ),
    quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
    marketingOptOut: z.boolean(),
    language: languageSchema,
  }),
);
export type NotificationPreferencesResponse = z.output<typeof notificationPreferencesResponseSchema>;

/** Back office: a player's notices with each channel's delivery and its attempts. */
export const staffPlayerNoticesResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    notices: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        title: z.string(),
        createdAt: z.string(),
        readAt: z.string().nullable(),
        deliveries: z.array(
          z.object({
            channel: z.string(),
            status: z.string(),
            attempts: z.number().int(),
            dueAt: z.string(),
            lastError: z.string().nullable(),
            deliveredAt: z.string().nullable(),
            tries: z.array(
              z.object({
                attempt: z.number().int(),
                startedAt: z.string(),
                outcome: z.string().nullable(),
                detail: z.string().nullable(),
              }),
            ),
          }),
        ),
      }),
    ),
  }),
);
export type StaffPlayerNoticesResponse = z.output<typeof staffPlayerNoticesResponseSchema>;

/** Back office: deliveries per channel and status over the last 24 hours. */
export const notificationStatsResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    since: z.string(),
    channels: z.array(
      z.object({
        channel: z.string(),
        delivered: z.number().int(),
        pending: z.number().int(),
        failed: z.number().int(),
        other: z.number().int(),
      }),
    ),
  }),
);
export type NotificationStatsResponse = z.output<typeof notificationStatsResponseSchema>;
