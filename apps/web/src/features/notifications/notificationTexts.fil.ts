import type { NotificationTexts } from './notificationTexts.ts';

/** Filipino texts of the bell, the inbox and the notification settings (English in notificationTexts.ts). */
export const notificationTextsFil: NotificationTexts = {
  bell: 'Mga abiso',
  bellUnread: 'Mga abiso, {{count}} hindi pa nababasa',
  inbox: {
    heading: 'Mga abiso',
    listLabel: 'Ang iyong mga abiso',
    loading: 'Nilo-load ang iyong mga abiso',
    error: 'Hindi namin ma-load ang iyong mga abiso.',
    retry: 'Subukan ulit',
    empty: 'Wala pang abiso. Sasabihan ka namin dito kapag nanalo ang tiket, napagpasyahan ang bayad, at iba pa.',
    unread: 'Hindi pa nababasa',
    markAll: 'Markahan lahat bilang nabasa',
    previous: 'Mas bago',
    next: 'Mas luma',
    page: 'Pahina {{page}} ng {{pages}}',
    settings: 'Mga setting ng abiso',
  },
  toast: {
    view: 'Tingnan',
    close: 'Isara',
  },
  settings: {
    heading: 'Mga abiso',
    intro:
      'Piliin kung paano ka namin sasabihan sa bawat bagay. Nasa site na ito ang inbox; sa device na ito ang push; sa mobile number mo ang SMS.',
    kind: 'Abiso',
    channels: { inbox: 'Inbox', push: 'Push', sms: 'SMS' },
    channelFor: '{{channel}}: {{kind}}',
    quietHours: 'Tahimik na oras',
    quietHoursHint:
      'Naghihintay ang push at SMS hanggang matapos ang tahimik na oras (oras sa Pilipinas). Dumarating pa rin ang mga agarang abiso, gaya ng pasya sa bayad.',
    quietOn: 'Gamitin ang tahimik na oras',
    from: 'Mula',
    to: 'Hanggang',
    marketing: 'Mga promo',
    marketingOptOut: 'Huwag akong padalhan ng promo',
    marketingHint: 'Hindi kami nagpapadala ng promo habang naka-pahinga ka.',
    save: 'I-save ang mga setting ng abiso',
    saved: 'Na-save ang mga setting ng abiso.',
    error: 'Hindi namin ma-save ang iyong mga setting. Subukan ulit.',
    loading: 'Nilo-load ang mga setting ng abiso',
  },
};
