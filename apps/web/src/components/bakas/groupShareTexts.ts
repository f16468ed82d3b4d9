/** Texts of a member's part of a group ticket, as the history screens and the live panel show it. */
export const groupShareTexts = {
  tag: 'Group ticket',
  open: 'Open the group ticket {{title}}',
  shares: 'Your shares',
  sharesValue: '{{shares}} of {{total}}',
  stake: 'Your stake',
  payout: 'Your payout',
  fee: "Of which organiser's fee",
  whole: 'The ticket’s other figures are the whole group’s.',
} as const;
