import { list, p, type LocalisedDocument } from '../types.ts';
import { privacyFil } from './privacy.fil.ts';

export const privacyContent: LocalisedDocument = {
  en: {
    lastUpdated: '21 November 2026',
    intro: [
      'Karera respects your privacy. This Privacy Policy explains what personal information we collect when you use Karera, why we collect it, how long we keep it, who we share it with, and the rights you have over it under the Data Privacy Act of 2012 (Republic Act No. 10173), its Implementing Rules and Regulations, and the issuances of the National Privacy Commission (NPC).',
      'Karera is the personal information controller of the information described here.',
    ],
    sections: [
      {
        id: 'collect',
        heading: '1. Information we collect',
        blocks: [
          p('We collect only what we need to run your account, your bets and your payments:'),
          list(
            'Account details: your mobile number, first name and last name, your e-mail address if you give one, your password (stored only as a one-way hash, never readable by anyone) and the referral or agent code you registered with.',
            'Verification data: one-time PINs (OTPs) sent to your mobile number, and, when we must confirm your age or identity, a copy of a valid government-issued ID.',
            'Transaction records: your deposits and withdrawals (amount, date and time, payment channel, sender number, account name and number, reference numbers, uploaded receipt images and their status), your balances, your bets and tickets, results and payouts, promo claims, bonuses and rebates.',
            'Device and log data: your IP address, browser and device type, operating system, the pages and features you use, and the date and time of each request and login, kept in our server logs for security.',
            'Messages you send us: what you write through the contact form (name, e-mail, reason and message) or our support channels.',
            'Master-agent applications: the e-mail, full name, username, mobile number, Telegram account, selfie photo and government ID you submit.',
          ),
          p(
            'Your browser also keeps your login state (your player ID, session, name, mobile number and balances) in its local storage so that you stay signed in; signing out removes it.',
          ),
        ],
      },
      {
        id: 'purposes',
        heading: '2. Why we use it',
        blocks: [
          list(
            'To create and secure your account, verify your mobile number and let you log in (performance of our contract with you).',
            'To accept your bets, settle them, pay winnings and process your deposits and withdrawals (performance of contract).',
            'To confirm that you are eligible to play, including that you are at least 21 years old (legal obligation and legitimate interest).',
            'To prevent, detect and investigate fraud, duplicate accounts, promo abuse and money laundering, and to keep our systems secure (legal obligation and legitimate interest).',
            'To keep the records that the Anti-Money Laundering Act, tax laws and other regulations require (legal obligation).',
            'To answer your questions and complaints, and to handle self-exclusion requests (performance of contract and legitimate interest).',
            'To tell you about promos and news, only if you agreed to receive them; you can withdraw that consent at any time (consent).',
          ),
          p(
            'We do not sell your personal information, and we do not use it for purposes that are not compatible with these.',
          ),
        ],
      },
      {
        id: 'sharing',
        heading: '3. Who we share it with',
        blocks: [
          list(
            'Payment channels (e-wallets such as GCash and Maya, and banks), only the details needed to send or receive your money.',
            'Our agents and master agents who verify deposits and withdrawals, only the transaction details they need for that.',
            'SMS providers that deliver your OTPs, and hosting and IT providers that run our systems, under written agreements that require them to protect your information and use it only on our instructions.',
            'Government authorities, regulators and courts, when the law requires it, for example the Anti-Money Laundering Council.',
          ),
        ],
      },
      {
        id: 'retention',
        heading: '4. How long we keep it',
        blocks: [
          list(
            'Account details are kept while your account is open and for five (5) years after it is closed.',
            'Transaction, bet and payout records are kept for at least five (5) years from the transaction or from the closure of your account, as the Anti-Money Laundering Act requires.',
            'Identity documents are kept for as long as the records they support.',
            'OTPs expire after five (5) minutes and are deleted within thirty (30) days.',
            'Device and log data are kept for up to twelve (12) months, longer only when needed for an ongoing investigation.',
            'Contact-form messages are kept for two (2) years after we answer them.',
          ),
          p('When the retention period ends, we securely delete or anonymise the information.'),
        ],
      },
      {
        id: 'security',
        heading: '5. How we protect it',
        blocks: [
          p(
            'We use organisational, physical and technical security measures: encrypted connections (HTTPS), hashed passwords, expiring sessions, one-time PINs, access given to staff only as their work needs, audit logs of back-office actions, and regular review of our systems. If a personal data breach puts you at real risk of serious harm, we will notify you and the National Privacy Commission as the law requires.',
          ),
        ],
      },
      {
        id: 'rights',
        heading: '6. Your rights as a data subject',
        blocks: [
          p('Under the Data Privacy Act of 2012 you have the right:'),
          list(
            'to be informed whether, how and why your personal information is processed;',
            'to access your personal information and obtain a copy of it;',
            'to object to processing, including for direct marketing, and to withdraw your consent;',
            'to have inaccurate or incomplete information corrected (rectification);',
            'to have your information suspended, withdrawn, blocked or erased when it is no longer needed, was unlawfully obtained or is processed without a legal basis, subject to the records the law requires us to keep;',
            'to data portability: to obtain your information in an electronic, commonly used format;',
            'to be compensated for damages caused by inaccurate, incomplete, outdated, false or unlawfully obtained information, or by its unauthorised use;',
            'to file a complaint with the National Privacy Commission (privacy.gov.ph).',
          ),
          p(
            'To use any of these rights, contact our Data Protection Officer. We may ask you to confirm your identity first, for example with an OTP sent to your registered mobile number. We answer within fifteen (15) working days.',
          ),
        ],
      },
      {
        id: 'minors',
        heading: '7. Minors',
        blocks: [
          p(
            'Karera is only for people aged twenty-one (21) and above. We do not knowingly collect information from anyone younger. If we learn that a minor has registered, we close the account and delete the information, except what the law requires us to keep.',
          ),
        ],
      },
      {
        id: 'changes',
        heading: '8. Changes to this policy',
        blocks: [
          p(
            'We may update this Privacy Policy. The date at the top shows the latest version, and we announce material changes in the app before they take effect.',
          ),
        ],
      },
      {
        id: 'dpo',
        heading: '9. Contact our Data Protection Officer',
        blocks: [
          p(
            'For questions about this policy, to use your rights as a data subject, or to report a privacy concern, contact our Data Protection Officer. Please write "Data Privacy" in the subject line.',
          ),
          { kind: 'supportContact', text: 'Data Protection Officer, Karera:' },
        ],
      },
    ],
  },
  fil: privacyFil,
};
