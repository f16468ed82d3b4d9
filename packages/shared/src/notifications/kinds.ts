/**
 * The notices the product sends a player (docs/decisions/055-notifications.md): one home for each kind's texts in
 * English and Filipino, the channels it may use, which are on until the player turns them off, whether it is
 * marketing (never sent to a player on a break or opted out) and whether it is urgent (not held by quiet hours).
 * Texts name their parameters in braces: {ticketNo}; `renderNotice` fills them.
 */

export type NotificationChannelName = 'inbox' | 'push' | 'sms';
export const NOTIFICATION_CHANNELS: readonly NotificationChannelName[] = ['inbox', 'push', 'sms'];
export type NotificationLanguage = 'en' | 'fil';
export const NOTIFICATION_LANGUAGES: readonly NotificationLanguage[] = ['en', 'fil'];

export interface NotificationText {
  title: string;
  body: string;
}

export interface NotificationKindSpec {
  /** The parameters its texts name. */
  params: readonly string[];
  en: NotificationText;
  fil: NotificationText;
  /** What the preferences screen calls the kind. */
  label: Record<NotificationLanguage, string>;
  /** The channels it may use; the inbox always among them. */
  channels: readonly NotificationChannelName[];
  /** Channels it uses only when the player turns them on (default: every channel it may use is on). */
  offByDefault?: readonly NotificationChannelName[];
  marketing: boolean;
  urgent: boolean;
  /** Minutes after which an undelivered push or SMS is pointless (e.g. a race already run): it expires. */
  ttlMinutes?: number;
  /**
   * Parameters that name one of a few things rather than carry a value (a leg's outcome, a limit): the notice
   * stores the code, and each language's words for it fill the text.
   */
  paramTexts?: Readonly<Record<string, Readonly<Record<string, Record<NotificationLanguage, string>>>>>;
}

const kinds = {
  'race.starting': {
    params: ['horse', 'raceNo', 'minutes'],
    en: {
      title: '{horse} runs soon',
      body: 'Race {raceNo} starts in {minutes} minutes. Your followed runner {horse} is in it.',
    },
    fil: {
      title: 'Tatakbo na si {horse}',
      body: 'Magsisimula ang Karera {raceNo} sa loob ng {minutes} minuto. Kasali ang sinusundan mong si {horse}.',
    },
    label: { en: 'Followed runner about to race', fil: 'Malapit nang tumakbo ang sinusundan' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
    ttlMinutes: 10,
  },
  'runner.entered': {
    params: ['horse', 'raceNo'],
    en: { title: '{horse} is entered', body: '{horse}, which you follow, is entered in Race {raceNo}.' },
    fil: { title: 'Kasali si {horse}', body: 'Kasali sa Karera {raceNo} si {horse}, na sinusundan mo.' },
    label: { en: 'Followed runner entered', fil: 'Naisali ang sinusundan' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
  'runner.scratched': {
    params: ['horse', 'raceNo'],
    en: { title: '{horse} is scratched', body: '{horse}, which you follow, no longer runs in Race {raceNo}.' },
    fil: { title: 'Inalis si {horse}', body: 'Hindi na tatakbo sa Karera {raceNo} si {horse}, na sinusundan mo.' },
    label: { en: 'Followed runner scratched', fil: 'Inalis ang sinusundan' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
  'ticket.won': {
    params: ['ticketNo', 'amount'],
    en: { title: 'Your ticket won!', body: 'Ticket {ticketNo} won {amount}. It is in your balance.' },
    fil: { title: 'Nanalo ang tiket mo!', body: 'Nanalo ng {amount} ang tiket {ticketNo}. Nasa balanse mo na ito.' },
    label: { en: 'Ticket won', fil: 'Nanalong tiket' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
  'ticket.refunded': {
    params: ['ticketNo', 'amount'],
    en: { title: 'Ticket refunded', body: 'Ticket {ticketNo} was refunded: {amount} is back in your balance.' },
    fil: {
      title: 'Naibalik ang taya',
      body: 'Naibalik ang taya ng tiket {ticketNo}: nasa balanse mo na ang {amount}.',
    },
    label: { en: 'Ticket refunded', fil: 'Naibalik na taya' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
  'bakas.won': {
    params: ['title', 'ticketNo', 'stake', 'amount'],
    en: {
      title: 'Your group ticket won!',
      body: 'Group ticket {title} ({ticketNo}) won. Your {stake} share paid {amount}. It is in your balance.',
    },
    fil: {
      title: 'Nanalo ang group ticket mo!',
      body: 'Nanalo ang group ticket na {title} ({ticketNo}). Ang share mong {stake} ay nagbayad ng {amount}. Nasa balanse mo na ito.',
    },
    label: { en: 'Group ticket won', fil: 'Nanalong group ticket' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
  'bakas.refunded': {
    params: ['title', 'ticketNo', 'stake', 'amount'],
    en: {
      title: 'Group ticket refunded',
      body: 'Group ticket {title} ({ticketNo}) was refunded: {amount} of your {stake} share is back in your balance.',
    },
    fil: {
      title: 'Naibalik ang taya ng group ticket',
      body: 'Naibalik ang taya ng group ticket na {title} ({ticketNo}): nasa balanse mo na ang {amount} ng share mong {stake}.',
    },
    label: { en: 'Group ticket refunded', fil: 'Naibalik na group ticket' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
  'ticket.lost': {
    params: ['ticketNo'],
    en: { title: 'Ticket settled', body: 'Ticket {ticketNo} did not win this time.' },
    fil: { title: 'Tapos na ang tiket', body: 'Hindi nanalo ang tiket {ticketNo} ngayon.' },
    label: { en: 'Ticket lost', fil: 'Hindi nanalong tiket' },
    channels: ['inbox', 'push'],
    offByDefault: ['push'],
    marketing: false,
    urgent: false,
  },
  'leg.result': {
    params: ['ticketNo', 'leg', 'legs', 'outcome'],
    en: { title: 'Ticket {ticketNo}: leg {leg} of {legs}', body: 'Leg {leg} of {legs} is official: {outcome}.' },
    fil: { title: 'Tiket {ticketNo}: leg {leg} ng {legs}', body: 'Opisyal na ang leg {leg} ng {legs}: {outcome}.' },
    paramTexts: {
      outcome: {
        alive: { en: 'your pick won, the ticket is still alive', fil: 'nanalo ang pili mo, buhay pa ang tiket' },
        out: { en: 'your picks lost, the ticket is out', fil: 'natalo ang mga pili mo, wala na ang tiket' },
      },
    },
    label: { en: 'Multi-race leg result', fil: 'Resulta ng leg ng multi-race' },
    channels: ['inbox', 'push'],
    offByDefault: ['push'],
    marketing: false,
    urgent: false,
  },
  'deposit.approved': {
    params: ['amount'],
    en: { title: 'Deposit approved', body: 'Your deposit of {amount} is approved and in your balance.' },
    fil: { title: 'Aprubado ang deposito', body: 'Aprubado ang deposito mong {amount} at nasa balanse mo na.' },
    label: { en: 'Deposit approved', fil: 'Aprubadong deposito' },
    channels: ['inbox', 'push', 'sms'],
    marketing: false,
    urgent: true,
  },
  'deposit.declined': {
    params: ['amount'],
    en: { title: 'Deposit declined', body: 'Your deposit of {amount} was declined. See Payment for details.' },
    fil: { title: 'Tinanggihan ang deposito', body: 'Tinanggihan ang deposito mong {amount}. Tingnan ang Payment.' },
    label: { en: 'Deposit declined', fil: 'Tinanggihang deposito' },
    channels: ['inbox', 'push', 'sms'],
    marketing: false,
    urgent: true,
  },
  'withdrawal.approved': {
    params: ['amount'],
    en: { title: 'Withdrawal paid', body: 'Your withdrawal of {amount} is approved and on its way.' },
    fil: { title: 'Naipadala ang withdrawal', body: 'Aprubado ang withdrawal mong {amount} at papunta na sa iyo.' },
    label: { en: 'Withdrawal paid', fil: 'Naipadalang withdrawal' },
    channels: ['inbox', 'push', 'sms'],
    marketing: false,
    urgent: true,
  },
  'withdrawal.declined': {
    params: ['amount'],
    en: {
      title: 'Withdrawal declined',
      body: 'Your withdrawal of {amount} was declined; the amount is back in your balance.',
    },
    fil: {
      title: 'Tinanggihan ang withdrawal',
      body: 'Tinanggihan ang withdrawal mong {amount}; nasa balanse mo na ulit ang halaga.',
    },
    label: { en: 'Withdrawal declined', fil: 'Tinanggihang withdrawal' },
    channels: ['inbox', 'push', 'sms'],
    marketing: false,
    urgent: true,
  },
  'kyc.verified': {
    params: [],
    en: { title: 'Identity verified', body: 'Your identity is verified. Deposits and withdrawals are open to you.' },
    fil: {
      title: 'Beripikado ka na',
      body: 'Beripikado na ang pagkakakilanlan mo. Bukas na sa iyo ang deposito at withdrawal.',
    },
    label: { en: 'Identity verified', fil: 'Beripikadong pagkakakilanlan' },
    channels: ['inbox', 'push', 'sms'],
    marketing: false,
    urgent: true,
  },
  'kyc.rejected': {
    params: ['reason'],
    en: { title: 'Identity not verified', body: 'We could not verify your identity: {reason}' },
    fil: { title: 'Hindi naberipika', body: 'Hindi namin naberipika ang pagkakakilanlan mo: {reason}' },
    label: { en: 'Identity not verified', fil: 'Hindi naberipika' },
    channels: ['inbox', 'push', 'sms'],
    marketing: false,
    urgent: true,
  },
  'kyc.resubmit': {
    params: ['reason'],
    en: { title: 'Please send your ID again', body: 'We need your ID again: {reason}' },
    fil: { title: 'Ipadala ulit ang ID mo', body: 'Kailangan namin ulit ang ID mo: {reason}' },
    label: { en: 'ID asked again', fil: 'Hiningi ulit ang ID' },
    channels: ['inbox', 'push', 'sms'],
    marketing: false,
    urgent: true,
  },
  'promo.expiring': {
    params: ['promo', 'hours'],
    en: { title: '{promo} ends soon', body: 'Your promo {promo} ends in {hours} hours.' },
    fil: {
      title: 'Malapit nang matapos ang {promo}',
      body: 'Matatapos ang promo mong {promo} sa loob ng {hours} oras.',
    },
    label: { en: 'Promo about to expire', fil: 'Promong malapit nang matapos' },
    channels: ['inbox', 'push'],
    marketing: true,
    urgent: false,
  },
  'limit.reached': {
    params: ['limit', 'amount', 'resetsAt'],
    en: {
      title: 'Limit reached',
      body: 'You reached your {limit} of {amount}. It resets on {resetsAt} (Manila time).',
    },
    fil: {
      title: 'Naabot ang limit',
      body: 'Naabot mo na ang {limit} mong {amount}. Babalik ito sa simula sa {resetsAt} (oras ng Manila).',
    },
    paramTexts: {
      limit: {
        depositDay: { en: 'deposit limit per day', fil: 'limit sa deposito kada araw' },
        depositWeek: { en: 'deposit limit per week', fil: 'limit sa deposito kada linggo' },
        depositMonth: { en: 'deposit limit per month', fil: 'limit sa deposito kada buwan' },
        lossDay: { en: 'net loss limit per day', fil: 'limit sa netong talo kada araw' },
        lossWeek: { en: 'net loss limit per week', fil: 'limit sa netong talo kada linggo' },
        lossMonth: { en: 'net loss limit per month', fil: 'limit sa netong talo kada buwan' },
      },
    },
    label: { en: 'Limit reached', fil: 'Naabot ang limit' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
  'break.ending': {
    params: [],
    en: { title: 'Your break has ended', body: 'Your break is over. Bet only what you can afford to lose.' },
    fil: { title: 'Tapos na ang pahinga mo', body: 'Tapos na ang pahinga mo. Tumaya lamang ng kaya mong mawala.' },
    label: { en: 'Break ended', fil: 'Tapos na ang pahinga' },
    channels: ['inbox', 'push'],
    marketing: false,
    urgent: false,
  },
} as const satisfies Record<string, NotificationKindSpec>;

export type NotificationKind = keyof typeof kinds;
export const NOTIFICATION_KINDS: Readonly<Record<NotificationKind, NotificationKindSpec>> = kinds;
export const NOTIFICATION_KIND_NAMES = Object.keys(kinds) as NotificationKind[];

/** The parameters a kind's texts take, by name. */
export type NotificationParams<K extends NotificationKind> = Record<
  (typeof kinds)[K]['params'][number],
  string | number
>;

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(kinds, value);
}

const fill = (text: string, value: (name: string) => string | undefined) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => value(name) ?? whole);

/** A kind's title and body in one language, its parameters filled (a coded one in that language's words). */
export function renderNotice(
  kind: NotificationKind,
  params: Readonly<Record<string, string | number>>,
  language: NotificationLanguage,
): NotificationText {
  const spec: NotificationKindSpec = NOTIFICATION_KINDS[kind];
  const value = (name: string): string | undefined => {
    if (!Object.hasOwn(params, name)) return undefined;
    const raw = String(params[name]);
    const words = spec.paramTexts?.[name];
    return words && Object.hasOwn(words, raw) ? words[raw]?.[language] : raw;
  };
  const text = spec[language];
  return { title: fill(text.title, value), body: fill(text.body, value) };
}

/** Whether a channel is on for a kind: the player's choice, else the kind's default; never a channel it cannot use. */
export function channelEnabled(
  kind: NotificationKind,
  channel: NotificationChannelName,
  choices: Readonly<Partial<Record<string, Partial<Record<NotificationChannelName, boolean>>>>>,
): boolean {
  const spec = NOTIFICATION_KINDS[kind];
  if (!spec.channels.includes(channel)) return false;
  return choices[kind]?.[channel] ?? !(spec.offByDefault ?? []).includes(channel);
}
