/**
 * Texts of the tutorials (docs/product/screens.md#tutorials): the list at /tutorial, the tour's own controls and every
 * step of every tour. They load with the tutorial pages (tutorialI18n.ts), never with the landing bundle.
 * The mocks' own labels are the real screens' keys (payments.*, promo.*, live.*, profile.*), so a mock
 * reads exactly like its screen.
 */
export const tutorialTexts = {
  list: {
    intro:
      'Learn Karera step by step. Each tour walks you through a sample screen with sample data: nothing you do in a tour is sent or changes your account.',
    activeHeading: 'Guided tours',
    disabledHeading: 'More tours coming soon',
    start: 'Start tour',
    comingSoon: 'Coming soon',
    betTypesHeading: 'Bet tour by bet type',
    betTypesIntro: 'Start the bet tour on the bet type you want to learn.',
    betTypeLink: '{{type}} ({{code}})',
    keys: 'In a tour, the right and left arrow keys move between steps and Escape stops the tour.',
  },
  names: {
    changepassword: 'Change password',
    bet: 'Place a bet',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    promo: 'Claim a promo',
    rebate: 'Rebate',
    updateAccount: 'Update account',
    walletHistory: 'Wallet history',
    betHistory: 'Bet history',
    bonusBalance: 'Bonus balance',
  },
  summaries: {
    changepassword: 'Change the password you log in with.',
    bet: 'Pick runners, set your amount and submit a bet.',
    deposit: 'Send money and add it to your credit balance.',
    withdraw: 'Cash out your credit balance to your e-wallet or bank.',
    promo: 'Find a promo and claim it.',
    rebate: 'How a rebate promo gives back part of every bet as bonus.',
    updateAccount: 'Update your name, email and mobile number.',
    walletHistory: 'Follow your deposits and withdrawals.',
    betHistory: 'Read your tickets and their results.',
    bonusBalance: 'How your bonus balance works.',
  },
  tour: {
    sample: 'Sample screen with sample data. Nothing on it is sent.',
    keys: 'Right arrow: next step. Left arrow: previous step. Escape: stop the tour.',
    stepOf: 'Step {{current}} of {{total}}',
    highlighted: 'Highlighted:',
    skip: 'Skip tour',
    previous: 'Previous',
    next: 'Next',
    finish: 'Finish',
  },
  sample: {
    eventName: 'Sample Race Day',
    arena: 'Sample Park',
    receiverName: 'Sample Receiver',
    holderName: 'Juan Sample',
    welcomeName: 'Sample Welcome Bonus',
    welcomeDescription: 'A sample promo: ₱100 bonus for new players.',
    rebateName: 'Sample 5% Rebate',
    rebateDescription: 'A sample promo: 5% of every bet back as bonus.',
  },
  steps: {
    changepassword: {
      tab: {
        title: 'Change Password tab',
        body: 'Open Profile from the account menu, then the Change Password tab.',
      },
      current: { title: 'Current password', body: 'Type the password you log in with now.' },
      new: { title: 'New password', body: 'Choose a new password of 6 to 18 characters.' },
      confirm: { title: 'Confirm password', body: 'Type the new password again. Both must match.' },
      submit: {
        title: 'Update password',
        body: 'Tap Update password. If a field is empty or the new passwords differ, a message tells you what to fix.',
      },
      done: {
        title: 'Password updated',
        body: '“$t(messages.passwordUpdated)” shows when your new password is saved. Use it the next time you log in.',
      },
    },
    bet: {
      raceTabs: {
        title: 'Race number tabs',
        body: 'Every race of the day has a tab with its number and status. Tap a number to open that race.',
      },
      betTypes: {
        title: 'Bet type: {{type}}',
        body: '{{type}} ({{code}}): {{rule}}. The pressed bet type is the one on your slip; tap another to change it.',
      },
      legs: {
        title: 'The races of your ticket',
        consecutive: 'A {{type}} ticket covers {{count}} races in a row. Tap a race here to pick its runners.',
        alternate:
          'A {{type}} ticket covers two races with one race between them: races {{first}} and {{second}} here. Tap a race to pick its runners.',
      },
      runners: {
        title: 'Runners and the Bet button',
        body: 'Tap Bet beside a runner to pick it; tap it again to drop it. Your picks are highlighted. Scratched runners cannot be picked.',
      },
      places: {
        title: 'Your picks',
        winner: 'The runners you picked to finish first. All picks every runner; Clear drops them all.',
        places:
          'One row for each of the first {{count}} places, in finishing order. Tap a row, then pick its runners. All picks every runner for that place; Clear drops them.',
        legs: 'One row for each race of the ticket. Tap a row, then pick the runners you think win that race. All picks every runner; Clear drops them.',
      },
      amount: {
        title: 'Amount',
        body: 'The amount for each combination, in pesos. The minimum for {{type}} is {{minimum}}.',
        even: 'The amount for each combination, in pesos. The minimum for {{type}} is {{minimum}}, and only even amounts are taken.',
      },
      summary: {
        title: 'Combinations and total',
        body: 'The total is your combinations times your amount: {{combinations}} x {{amount}} = {{total}}. A bet must have fewer than {{limit}} combinations, and your balance must cover the total.',
      },
      useBonus: {
        title: 'Use bonus',
        body: 'Turn the Use switch on to bet from your bonus balance too. Bonus balance can only be used for betting.',
      },
      submit: {
        title: 'Submit Bet',
        body: 'Check your picks and the total, then tap Submit Bet. Bets are final once placed.',
      },
      receipt: {
        title: 'Bet Receipt',
        body: 'The receipt shows your ticket number, picks and total. Tap OK to clear your slip; the ticket waits in your bet history.',
      },
    },
    deposit: {
      tab: { title: 'Deposit tab', body: 'Open Payment from the bottom menu. The Deposit tab opens first.' },
      channel: {
        title: 'Send to',
        body: 'Choose the e-wallet or bank you will send the money with. A channel with a badge such as +5% adds that bonus.',
      },
      account: {
        title: 'Receiver account',
        body: 'Send the money to this account from your e-wallet or bank. Copy puts the number on your clipboard.',
      },
      receipt: {
        title: 'Upload receipt',
        body: 'Optional: a screenshot of your GCash or Maya receipt fills in the reference number and the amount for you.',
      },
      amount: {
        title: 'Amount',
        body: 'Type the amount you sent, or tap a quick amount. The minimum and maximum show under the field.',
      },
      details: {
        title: 'Sender and reference number',
        body: 'Enter the number you sent from and the reference number on your receipt, so our agent can find your payment.',
      },
      submit: { title: 'Submit Deposit', body: 'Tap Submit Deposit after you have sent the money.' },
      success: {
        title: 'Request sent',
        body: 'Once our agent verifies it, your deposit is credited within {{minutes}} minutes. If it is still pending after {{minutes}} minutes, please follow up with our customer service.',
      },
    },
    withdraw: {
      tab: { title: 'Withdraw tab', body: 'Open Payment, then the Withdraw tab.' },
      balance: {
        title: 'Withdrawable balance',
        body: 'Only your credit balance can be withdrawn. Bonus balance is for betting only.',
      },
      amount: {
        title: 'Amount',
        body: 'Type an amount or tap a quick amount. The minimum and maximum show under the field, and you cannot withdraw more than your credit balance.',
      },
      company: { title: 'Receive with', body: 'Choose the e-wallet or bank that receives your money.' },
      account: {
        title: 'Account name and number',
        body: 'Enter the name and number of the account that receives the money. Check them carefully.',
      },
      submit: {
        title: 'Submit Withdraw',
        body: 'Tap Submit Withdraw. The amount leaves your credit balance at once while our agent processes it.',
      },
      success: {
        title: 'Request sent',
        body: 'Withdrawals are processed within 30 minutes to 1 hour. Your request shows in Wallet History as Pending until it is approved.',
      },
    },
    promo: {
      active: {
        title: 'Active Promo',
        body: '“No Active Promo” means you can claim one. Only one promo can be active at a time.',
      },
      code: { title: 'Promo code', body: 'Have a promo code? Type it here and tap SUBMIT.' },
      card: {
        title: 'A promo card',
        body: 'Each card shows the reward, where it goes (Promo Balance or Credit Balance), how many are left, the deposit and account age it needs, and how long it lasts.',
      },
      claim: { title: 'Claim Promo', body: 'Tap Claim Promo on the promo you want.' },
      confirm: {
        title: 'Confirm your claim',
        body: 'Check the promo’s name, reward type and duration, then tap Claim.',
      },
      success: {
        title: 'Promo claimed',
        body: '“$t(promo.success)” shows with your new balances. Tap OK to close it.',
      },
      after: {
        title: 'Your active promo',
        body: 'The strip shows your promo until it ends. Until then every other card reads Has Active Promo.',
      },
    },
    rebate: {
      card: {
        title: 'A rebate promo',
        body: 'A rebate promo gives back {{percent}}% of every bet you place while it is your active promo, as bonus balance.',
      },
      claim: {
        title: 'Claim it',
        body: 'Claim it like any other promo. Only one promo can be active at a time, so the rebate runs while this one is active.',
      },
      active: {
        title: 'Your active promo',
        body: 'The strip shows that the rebate promo is your active promo.',
      },
      bet: {
        title: 'A bet from your credit balance',
        body: 'Say you bet {{stake}} on Win from your credit balance.',
      },
      earned: {
        title: 'Bonus earned',
        body: 'When the race is settled, won or lost, {{percent}}% of {{stake}} comes back: {{rebate}} goes to your bonus balance. Your bet history shows it as Bonus earned.',
      },
      bonusBet: {
        title: 'A bet with bonus money',
        body: 'Bonus money used in a bet earns no rebate: this {{stake}} bet, tagged Use Bonus Bet, was paid from your bonus balance, so it earns {{zero}} and shows no Bonus earned.',
      },
      balance: {
        title: 'Bonus balance',
        body: 'Your rebates add up in your bonus balance. Bet with it by turning the Use switch on; it cannot be withdrawn.',
      },
    },
  },
} as const;
