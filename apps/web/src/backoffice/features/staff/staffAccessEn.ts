/**
 * Back-office texts of staff access (decision 044): a new staff member's own number, the staff requests a
 * second, independent admin approves, and the one-time enrolment links texted to staff.
 */
export const staffAccessEn = {
  mobile: 'Mobile number',
  optional: '(optional)',
  mobileHint:
    "The staff member's own number: their one-time sign-in link goes there by SMS. Needed for admins and master agents.",
  createdWithLink: 'Staff member {{username}} created. A one-time sign-in link was texted to their number.',
  createdLinkFailed:
    'Staff member {{username}} created, but the sign-in link could not be texted. Use Send new link in the staff list.',
  pending:
    'The request to create {{username}} waits for a second, independent admin: another admin approves it under Staff requests.',
  colMobile: 'Mobile number',
  colAccess: 'Sign-in link',
  noMobile: 'No number',
  actionsFor: 'Sign-in link and number of {{username}}',
  resend: 'Send new link',
  resendLabel: 'Send a new sign-in link to {{username}}',
  resendTitle: 'Send a new sign-in link to {{username}}?',
  resendBody:
    'A new one-time link goes by SMS to the number on file, {{mobile}}. Any older link stops working. Nobody here sees the link.',
  resent: 'A new sign-in link was texted to {{username}} ({{sentTo}}).',
  changeNumber: 'Change number',
  changeNumberLabel: 'Change the mobile number of {{username}}',
  changeNumberTitle: 'New mobile number for {{username}}',
  changeNumberBody:
    'Sign-in links go to this number, so a second, independent admin must approve the change under Staff requests.',
  newMobile: 'New mobile number',
  changeRequested: 'The number change for {{username}} waits for a second, independent admin.',
  confirm: 'Confirm',
  send: 'Send',
  cancel: 'Cancel',
  requests: {
    title: 'Staff requests',
    intro:
      'New admins and master agents, and staff number changes, take effect only when an admin other than the one who asked approves them (not someone they created, and past a 7-day probation).',
    empty: 'No staff requests waiting.',
    listLabel: 'Staff requests waiting for a second admin',
    create: 'Create {{role}} {{username}}',
    fromApplication: 'from master-agent application {{id}}',
    changeMobile: 'Change the number of {{username}}',
    mobile: 'Number: {{mobile}}',
    proposed: 'Asked by {{username}}',
    approve: 'Approve',
    approveLabel: 'Approve request {{id}}',
    reject: 'Reject',
    rejectLabel: 'Reject request {{id}}',
    approved: 'Request {{id}} approved.',
    approvedWithLink: 'Request {{id}} approved. A one-time sign-in link was texted to the new staff member.',
    approvedLinkFailed:
      'Request {{id}} approved, but the sign-in link could not be texted. Use Send new link in the staff list.',
    rejected: 'Request {{id}} rejected.',
  },
} as const;
