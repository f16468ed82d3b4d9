/** Texts of the web push offer (shown after a bet or a follow). */
export const pushPromptTexts = {
  label: 'Notifications',
  bet: 'Want an alert when your ticket wins or is refunded, even with Karera closed?',
  follow: 'Want an alert when a horse you follow is about to run, even with Karera closed?',
  turnOn: 'Turn on notifications',
  notNow: 'Not now',
  close: 'Close',
  subscribed: 'Notifications are on for this browser.',
  denied: 'Notifications are blocked. You can allow them in your browser settings.',
  failed: 'Could not turn on notifications. Please try again later.',
};
