import type { Translation } from '../../i18n/types.ts';
import type { rgTexts } from './rgTexts.ts';

/** The Responsible Gaming page in Filipino: every key of rgTexts, loaded only in Filipino. */
export const rgTextsFil = {
  intro:
    'Maglagay ng limit sa deposito, talo at taya mo, o magpahinga muna. Kami ang magpapatupad nito para sa iyo. Oras ng Manila ang sinusunod ng araw, linggo (Lunes hanggang Linggo) at buwan.',
  loading: 'Kinukuha ang settings mo',
  error: 'Hindi namin makuha ang settings mo.',
  retry: 'Subukan ulit',
  limits: {
    title: 'Mga limit mo',
    help: 'Agad na umiiral ang pagbaba ng limit o bagong limit. Ang pagtaas o pagtanggal ng limit ay iiral pagkalipas ng 24 oras.',
    depositDay: 'Deposito kada araw',
    depositWeek: 'Deposito kada linggo',
    depositMonth: 'Deposito kada buwan',
    lossDay: 'Netong talo kada araw',
    lossWeek: 'Netong talo kada linggo',
    lossMonth: 'Netong talo kada buwan',
    stakePerBet: 'Taya kada bet',
    none: 'Walang limit',
    current: 'Kasalukuyang limit: {{amount}}',
    pendingAmount: 'Magiging {{amount}} sa {{date}}',
    pendingRemoval: 'Tatanggalin sa {{date}}',
    used: '{{amount}} na ang nadeposito; babalik sa simula sa {{date}}',
    resets: 'Babalik sa simula sa {{date}}',
    newAmount: 'Bagong limit para sa {{limit}} (₱)',
    save: 'I-save',
    saveLabel: 'I-save ang limit para sa {{limit}}',
    remove: 'Tanggalin',
    removeLabel: 'Tanggalin ang limit para sa {{limit}}',
    invalid: 'Maglagay ng halaga mula ₱1 hanggang ₱10,000,000.',
  },
  breakSection: {
    title: 'Magpahinga muna',
    coolOffHelp: 'Cool-off: maikling pahinga na 24 oras, 7 araw o 30 araw. Hindi ito puwedeng tapusin nang maaga.',
    selfExclusionHelp:
      'Self-exclusion: 6 na buwan (hindi puwedeng kanselahin), 1 taon o 5 taon. Ang 1 o 5 taon ay puwedeng tapusin, 24 oras matapos mong hilingin.',
    whatItMeans:
      'Habang nagpapahinga, hindi ka puwedeng tumaya, mag-deposito o mag-claim ng promo, at hindi ka namin padadalhan ng promo. Puwede ka pa ring mag-sign in, i-withdraw ang natitirang credit mo at tingnan ang history mo.',
    period: 'Haba ng pahinga',
    periods: {
      coolOff24h: 'Cool-off: 24 oras',
      coolOff7d: 'Cool-off: 7 araw',
      coolOff30d: 'Cool-off: 30 araw',
      selfExclusion6m: 'Self-exclusion: 6 na buwan (hindi puwedeng kanselahin)',
      selfExclusion1y: 'Self-exclusion: 1 taon',
      selfExclusion5y: 'Self-exclusion: 5 taon',
    },
    start: 'Simulan ang pahinga',
    confirmTitle: 'Simulan ang pahingang ito?',
    confirmText:
      '{{period}}. Magsisimula ngayon at matatapos sa {{date}}. Hanggang doon, hindi ka puwedeng tumaya, mag-deposito o mag-claim ng promo.',
    confirmIrrevocable: 'Hindi ito puwedeng kanselahin o paikliin, mo man o namin.',
    confirmCheck: 'Naiintindihan ko ang ibig sabihin ng pahingang ito',
    confirm: 'Oo, simulan ang pahinga',
    cancel: 'Maglalaro pa ako',
    close: 'Isara',
  },
  current: {
    title: 'Ang pahinga mo',
    coolOff: 'Naka-cool-off ka hanggang {{date}}.',
    selfExclusion: 'Naka-self-exclusion ka hanggang {{date}}.',
    operator: 'Naka-exclude ang account mo ng operator. Makipag-ugnayan sa support.',
    endsEarly: 'Hiniling mong tapusin ito: matatapos sa {{date}}.',
    notCancellable: 'Hindi puwedeng kanselahin ang pahingang ito.',
    cancel: 'Tapusin ang self-exclusion ko',
    cancelHelp: 'Matatapos ito 24 oras matapos mong hilingin.',
  },
  reality: {
    title: 'Reality check',
    help: 'Habang naglalaro ka, ipapakita namin ang oras na nagugol mo at ang netong resulta mo mula nang mag-sign in ka, kada:',
    minutes: 'Kada (minuto)',
    option: '{{minutes}} minuto',
    save: 'I-save',
  },
  saved: 'Na-save na.',
} satisfies Translation<typeof rgTexts>;
