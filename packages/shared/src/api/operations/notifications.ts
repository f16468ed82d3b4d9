import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';
import {
  inboxListQuery,
  inboxListResponseSchema,
  markAllReadSchema,
  markReadSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationStatsResponseSchema,
  staffPlayerNoticesResponseSchema,
  unreadResponseSchema,
} from '../schemas/notifications.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

/** The player's inbox and notification settings: always the session's player's own. */
export const NotificationOperations = defineOperations({
  inbox: {
    method: 'GET',
    path: '/api/notifications',
    audience: Audiences.player,
    summary: "A page of the player's notices, newest first, with the unread count",
    querystring: inboxListQuery,
    response: inboxListResponseSchema,
  },
  unread: {
    method: 'GET',
    path: '/api/notifications/unread',
    audience: Audiences.player,
    summary: "How many of the player's notices are unread",
    response: unreadResponseSchema,
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/read',
    audience: Audiences.player,
    summary: "Marks some of the player's notices read",
    body: markReadSchema,
    response: unreadResponseSchema,
  },
  markAllRead: {
    method: 'POST',
    path: '/api/notifications/read-all',
    audience: Audiences.player,
    summary: "Marks every one of the player's notices read",
    body: markAllReadSchema,
    response: unreadResponseSchema,
  },
  preferences: {
    method: 'GET',
    path: '/api/notifications/preferences',
    audience: Audiences.player,
    summary: "The player's notification settings: channels per kind, quiet hours, marketing opt-out, language",
    response: notificationPreferencesResponseSchema,
  },
  savePreferences: {
    method: 'POST',
    path: '/api/notifications/preferences',
    audience: Audiences.player,
    summary: "Saves the player's notification settings",
    body: notificationPreferencesSchema,
    response: notificationPreferencesResponseSchema,
  },
  staffPlayerNotices: {
    method: 'GET',
    path: '/api/backoffice/players/:playerId/notifications',
    audience: Audiences.admins,
    summary: "A player's latest notices with each channel's delivery and attempts (admins)",
    params: lazySchema(() => z.strictObject({ playerId: idParam })),
    response: staffPlayerNoticesResponseSchema,
  },
  stats: {
    method: 'GET',
    path: '/api/backoffice/notifications/stats',
    audience: Audiences.admins,
    summary: 'Notice deliveries per channel over the last 24 hours: delivered, pending, failed (admins)',
    response: notificationStatsResponseSchema,
  },
});

export const NotificationRoutes = {
  inbox: NotificationOperations.inbox.path,
  unread: NotificationOperations.unread.path,
  markRead: NotificationOperations.markRead.path,
  markAllRead: NotificationOperations.markAllRead.path,
  preferences: NotificationOperations.preferences.path,
  staffPlayerNotices: pathOfOne(NotificationOperations.staffPlayerNotices), // (playerId)
  stats: NotificationOperations.stats.path,
} as const;
