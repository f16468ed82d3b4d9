/** Texts of the bell, the inbox (/inbox) and the notification settings on /account. */
export const notificationTexts = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {{count}} unread',
  inbox: {
    heading: 'Notifications',
    listLabel: 'Your notifications',
    loading: 'Loading your notifications',
    error: 'We could not load your notifications.',
    retry: 'Try again',
    empty: 'No notifications yet. We will tell you here when a ticket wins, a payment is decided and more.',
    unread: 'Unread',
    markAll: 'Mark all as read',
    previous: 'Newer',
    next: 'Older',
    page: 'Page {{page}} of {{pages}}',
    settings: 'Notification settings',
  },
  toast: {
    view: 'View',
    close: 'Close',
  },
  settings: {
    heading: 'Notifications',
    intro:
      'Choose how we tell you about each thing. The inbox is on this site; push goes to this device; SMS to your mobile number.',
    kind: 'Notice',
    channels: { inbox: 'Inbox', push: 'Push', sms: 'SMS' },
    channelFor: '{{channel}}: {{kind}}',
    quietHours: 'Quiet hours',
    quietHoursHint:
      'Push and SMS wait until quiet hours end (Philippine time). Urgent notices, such as payment decisions, still arrive.',
    quietOn: 'Use quiet hours',
    from: 'From',
    to: 'To',
    marketing: 'Promotions',
    marketingOptOut: 'Do not send me promotions',
    marketingHint: 'We never send promotions while you are on a break.',
    save: 'Save notification settings',
    saved: 'Notification settings saved.',
    error: 'We could not save your settings. Try again.',
    loading: 'Loading notification settings',
  },
};
export type NotificationTexts = typeof notificationTexts;
