import { list, p, type LocalisedDocument } from '../types.ts';
import { termsFil } from './terms.fil.ts';

export const termsContent: LocalisedDocument = {
  en: {
    lastUpdated: '21 November 2026',
    intro: [
      'These Terms and Conditions ("Terms") govern your use of Karera, our website and web application for betting in Philippine pesos on live horse races ("Karera", "we", "us"). Please read them carefully. By registering an account, depositing, placing a bet or otherwise using Karera, you confirm that you have read, understood and accepted these Terms, our Privacy Policy and the Bet Rules shown in the app. If you do not agree, do not use Karera.',
    ],
    sections: [
      {
        id: 'eligibility',
        heading: '1. Who may play',
        blocks: [
          p('You may register and bet only if all of the following are true:'),
          list(
            'You are at least twenty-one (21) years old.',
            'You are registered with Karera under your own name and your own verified mobile number.',
            'You are not a student of any school, college or university.',
            'You are not a jockey, trainer, horse owner, racing official, or an employee of a racing club, racetrack or any company that organises or operates horse races.',
            'You are not an employee or officer of Karera, or of its agents, where their employment terms prohibit them from betting.',
            'You are not a government official or employee whose office or the law prohibits you from betting.',
            'Betting on horse races is lawful for you where you are.',
          ),
          p(
            'We may ask you at any time to prove your age and identity with a valid government-issued ID. If you do not meet these conditions, or cannot prove that you do, we will close your account. Bets placed while you were not eligible are void; we return deposits that were not used in bets, and may withhold winnings.',
          ),
        ],
      },
      {
        id: 'account',
        heading: '2. Your account',
        blocks: [
          list(
            'One person may hold only one account. Duplicate accounts will be closed and may be merged or forfeited.',
            'You register with a Philippine mobile number and verify it with a one-time PIN (OTP) sent by SMS. Keep your mobile number current; it is how we recognise you.',
            'Give true and complete details (first name, last name, mobile number and, if you add one, e-mail). To change your details, contact our support team.',
            'Keep your password and every OTP secret. Never share them, even with someone who says they are from Karera: our staff and agents will never ask for them.',
            'You are responsible for everything done through your account. Tell us at once if you suspect someone else has used it.',
            'Your account is personal. You may not sell, transfer or lend it, or bet on behalf of another person.',
          ),
        ],
      },
      {
        id: 'payments',
        heading: '3. Deposits and withdrawals',
        blocks: [
          list(
            'All balances, bets and payouts are in Philippine pesos (₱).',
            'The minimum deposit is ₱50. The minimum withdrawal is ₱200. Maximum amounts per transaction are shown on the Payment screen.',
            'Deposit only to the receiving account shown to you on the Payment screen, and enter the exact amount and reference number of your transfer. Deposits are credited after our agent verifies them, usually within five (5) minutes. If a deposit is still pending after that, contact support with your reference number.',
            'Withdrawals are paid only to an e-wallet or bank account in your own name. They are processed after verification, usually within thirty (30) minutes to one (1) hour. Check the account name and number carefully; we are not responsible for payouts made to details you entered wrongly.',
            'Your credit balance is not a bank deposit and earns no interest. Deposits are for betting: we may refuse a withdrawal of funds that were deposited but never used in bets, or ask for proof of the source of funds.',
            'We may ask for documents before paying a withdrawal, and we may decline or reverse a transaction that is fraudulent, made from an account not in your name, or made in error. Under the Anti-Money Laundering Act (Republic Act No. 9160, as amended) we may report suspicious transactions to the authorities.',
          ),
        ],
      },
      {
        id: 'bets',
        heading: '4. Placing bets',
        blocks: [
          list(
            'You may bet on a race only while betting on it is open. A bet is accepted only when the app shows you a bet receipt with a ticket number; the amount is then taken from your credit balance, or from your bonus balance if you chose to use it.',
            'All bets are final. An accepted bet cannot be cancelled, changed or refunded, except as these Terms state for scratched runners and cancelled races. Check your race, bet type, selections and amount before you submit.',
            'Each bet type has a minimum base bet per combination (₱1 for Win, Forcast, Trifecta, Quartet, Pentafecta, Double, DD+1 and XD; ₱2 for Pick 4, Pick 5, Pick 6 and Winner Take All). Winner Take All bets must be even amounts. A single bet may not cover 2,000 combinations or more. The cost of a bet is the number of combinations times the base amount.',
            'The rules of every bet type, the races each multi-race pool covers and how winners are decided are explained on the Bet Rules page, which forms part of these Terms.',
            'If a bet is accepted because of an obvious technical error (for example after betting had closed, or at a price or amount the system should not have allowed), we may void it and return the amount to your balance.',
          ),
        ],
      },
      {
        id: 'dividends',
        heading: '5. Pools, results and dividends',
        blocks: [
          list(
            'Bets are pari-mutuel: all bets of the same type on the same race (or the same set of races) form a pool. After the deduction stated in the Bet Rules, the pool is shared among the winning combinations. Dividends are shown for every ₱1.00 bet.',
            'Odds shown before a race closes are estimates that change as bets come in. Your payout is based on the final dividend.',
            'Results are settled on the official result of the race as declared by the racing officials, not on the live stream, which may be delayed or interrupted. Changes to the official result after settlement are honoured only if the racing officials change it before the dividends are declared.',
            'In a dead heat the net pool is shared equally among the winning combinations. If no one holds a winning combination, the pool is carried over or refunded as the Bet Rules state for that pool type.',
          ),
        ],
      },
      {
        id: 'limits',
        heading: '6. Winning limits',
        blocks: [
          p(
            'The total amount paid out on a single bet is capped at the winning limit of its bet type, whatever the dividend. Any amount above the limit is not paid. The current limits are:',
          ),
          { kind: 'winLimits' },
        ],
      },
      {
        id: 'scratches',
        heading: '7. Scratched runners and cancelled races',
        blocks: [
          list(
            'If a runner is scratched (withdrawn) from a race, the combinations of a single-race bet that include it are refunded.',
            'In a multi-race bet (Double, DD+1, XD, Pick 4, Pick 5, Pick 6, Winner Take All), a scratched runner is replaced by the favourite of that leg, or the affected combinations are refunded, as the Bet Rules state for that pool.',
            'If a race is cancelled or declared no race, all bets on it are void and their full amount is returned to the balance they were paid from (credit or bonus). Multi-race bets that include a cancelled race are handled as the Bet Rules state.',
          ),
        ],
      },
      {
        id: 'bonus',
        heading: '8. Bonus balance and promos',
        blocks: [
          list(
            'Your bonus balance is separate from your credit balance. It can only be used to place bets. It can never be withdrawn, transferred or exchanged for cash.',
            'You may have only one active promo at a time. A new promo can be claimed only after the active one has ended.',
            'Each promo states its reward (credited to the bonus balance or the credit balance), its requirements (for example a minimum deposit on the same day or a minimum account age), how many times it can be claimed and how long it lasts. Those promo mechanics form part of these Terms.',
            'Rebates are paid on the part of a bet paid from your credit balance; bonus money used in a bet earns no rebate.',
            'Promos are for genuine individual players. If we find duplicate accounts, collusion, or any attempt to abuse a promo, we may cancel the promo, remove the bonus and any winnings made with it, and close the accounts involved.',
          ),
        ],
      },
      {
        id: 'responsible-gaming',
        heading: '9. Responsible gaming',
        blocks: [
          p(
            'Betting should be entertainment, never a way to earn money or to recover losses. Only bet money you can afford to lose, set yourself a budget and a time limit, and take breaks.',
          ),
          list(
            'Self-exclusion: you may ask us to close your account for a period you choose (at least six months) or permanently. Contact our support team from your registered mobile number or e-mail. While you are excluded you cannot log in, bet or claim promos, and we will not send you promotions. Your remaining credit balance is paid out to you on request.',
            'A cooling-off break of a shorter period can also be arranged through support.',
            'If betting is causing you or your family harm, talk to someone you trust and seek professional help.',
          ),
        ],
      },
      {
        id: 'conduct',
        heading: '10. Prohibited use',
        blocks: [
          p('You must not:'),
          list(
            'use Karera for money laundering, fraud or any other unlawful purpose;',
            'place bets using information that is not available to the public, or collude with other players, jockeys, trainers or racing staff;',
            'use automated tools, scripts or bots, or interfere with the app, the live stream or our systems;',
            'use payment accounts, mobile numbers or identities that are not your own;',
            'insult, threaten or harass our staff, agents or other players.',
          ),
          p(
            'If you break these rules we may suspend or close your account, void the bets concerned, withhold winnings obtained improperly and report the matter to the authorities.',
          ),
        ],
      },
      {
        id: 'service',
        heading: '11. Availability of the service',
        blocks: [
          p(
            'We work to keep Karera available, but we do not guarantee that the website, the app or the live stream will always be available, uninterrupted or free of errors. Maintenance, network problems or events at the racetrack may delay or stop betting. A bet that has not received a ticket number was not placed.',
          ),
        ],
      },
      {
        id: 'closure',
        heading: '12. Suspension and closure',
        blocks: [
          p(
            'You may close your account at any time by contacting support; we will pay out your withdrawable credit balance to an account in your name. We may suspend or close an account that breaks these Terms, that is needed for an investigation, or where the law requires it. When an account is closed, any bonus balance is forfeited.',
          ),
        ],
      },
      {
        id: 'liability',
        heading: '13. Liability',
        blocks: [
          p(
            'To the extent the law allows, Karera is not liable for indirect or consequential losses, for losses caused by events beyond our reasonable control, or for losses caused by your failure to keep your password and OTP secret. Nothing in these Terms limits liability that cannot be limited under Philippine law.',
          ),
        ],
      },
      {
        id: 'changes',
        heading: '14. Changes to these Terms',
        blocks: [
          p(
            'We may update these Terms, the Bet Rules and promo mechanics. The date at the top shows the latest version. Material changes are announced in the app before they take effect. Bets accepted before a change remain governed by the Terms in force when they were placed.',
          ),
        ],
      },
      {
        id: 'law',
        heading: '15. Governing law and complaints',
        blocks: [
          p(
            'These Terms are governed by the laws of the Republic of the Philippines. If you have a complaint, contact our support team first with your ticket number or transaction ID; we will investigate and reply. Disputes that cannot be settled that way are brought before the proper courts of the Philippines.',
          ),
          { kind: 'supportContact', text: 'Questions about these Terms? Write to us at' },
        ],
      },
    ],
  },
  fil: termsFil,
};
