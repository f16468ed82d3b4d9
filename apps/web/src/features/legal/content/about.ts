import { list, p, type LocalisedDocument } from '../types.ts';
import { aboutFil } from './about.fil.ts';

export const aboutContent: LocalisedDocument = {
  en: {
    lastUpdated: '21 November 2026',
    intro: [
      'Karera is the number one online horse racing in the Philippines. We bring the excitement of the racetrack to your phone: watch every race live, bet in pesos, and follow your tickets, results and winnings in one place.',
    ],
    sections: [
      {
        id: 'what-we-offer',
        heading: 'What we offer',
        blocks: [
          list(
            'Live streaming of every race on the card, with the race number, runners, jockeys and live odds beside the video.',
            'All the popular bet types: Win, Forcast, Trifecta, Quartet, Pentafecta, Daily Double, DD+1, Extra Double, Pick 4, Pick 5, Pick 6 and Winner Take All, from as low as ₱1 per combination.',
            'Fast cash in and cash out through GCash, Maya and the major banks: deposit from ₱50 and withdraw from ₱200.',
            'Promos, bonus credits and rebates for our players, plus guided tutorials that show you how to deposit, bet, withdraw and claim a promo.',
            'Clear results, dividends and a full history of your bets and wallet transactions.',
          ),
        ],
      },
      {
        id: 'how-it-works',
        heading: 'How to start',
        blocks: [
          list(
            'Register with your mobile number and confirm it with the one-time PIN we send by SMS.',
            'Deposit through your preferred e-wallet or bank.',
            'Open the Race screen, pick your bet type and runners, and submit your bet before betting closes.',
            'Watch the race live. Winnings are credited to your balance when the result is official.',
          ),
        ],
      },
      {
        id: 'fair-and-safe',
        heading: 'Fair and safe',
        blocks: [
          p(
            'Bets are pari-mutuel: players bet against each other, not against us, and dividends come from the pools. Every bet gets a ticket number, every peso that moves is recorded, and results follow the official declaration of the racing officials.',
          ),
          p(
            'Your account is protected by your password and by one-time PINs sent to your mobile number, and your personal information is handled under the Data Privacy Act of 2012.',
          ),
        ],
      },
      {
        id: 'responsible',
        heading: 'Play responsibly',
        blocks: [
          p(
            'Karera is for players aged 21 and above who are not students, jockeys, trainers or racing employees. Betting is entertainment: set a budget, take breaks, and never chase losses. If you need a break, our support team can close your account for the period you choose.',
          ),
        ],
      },
      {
        id: 'support',
        heading: 'We are here to help',
        blocks: [
          p(
            'Our customer service team answers through our Telegram group, our Facebook page and the contact form on the Contact Us page.',
          ),
          { kind: 'supportContact', text: 'You can also e-mail us at' },
        ],
      },
    ],
  },
  fil: aboutFil,
};
