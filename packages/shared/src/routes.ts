/**
 * The player site's routes (docs/product/screens.md#routes). `access: 'player'` screens send logged-out visitors to
 * '/'. The router, the navigation and the route tests all read this one table.
 */
export interface PlayerRoute {
  path: string;
  access: 'public' | 'player';
  title: string;
  /** The path opens another route instead (a name kept for links), e.g. /bethistory opens /history's Race Bet tab. */
  redirect?: string;
}

export const PLAYER_ROUTES = [
  { path: '/', access: 'public', title: 'Home' },
  { path: '/register', access: 'public', title: 'Register' },
  { path: '/aboutus', access: 'public', title: 'About Us' },
  { path: '/Contacts', access: 'public', title: 'Contact Us' },
  { path: '/termsandconditions', access: 'public', title: 'Terms and Conditions' },
  { path: '/privacypolicy', access: 'public', title: 'Privacy Policy' },
  { path: '/masteragentregister', access: 'public', title: 'Master Agent Registration' },
  { path: '/live', access: 'player', title: 'Race' },
  { path: '/result', access: 'player', title: 'Result' },
  { path: '/payment', access: 'player', title: 'Payment' },
  { path: '/betrules', access: 'player', title: 'Bet Rules' },
  { path: '/account', access: 'player', title: 'Account' },
  { path: '/profile', access: 'player', title: 'Profile' },
  { path: '/history', access: 'player', title: 'Transaction History' },
  { path: '/blackbook', access: 'player', title: 'Followed' },
  { path: '/inbox', access: 'player', title: 'Notifications' },
  { path: '/responsiblegaming', access: 'player', title: 'Responsible Gaming' },
  { path: '/verify', access: 'player', title: 'Verify Identity' },
  { path: '/statement', access: 'player', title: 'Activity Statement' },
  { path: '/promo', access: 'player', title: 'Promos' },
  { path: '/bethistory', access: 'player', title: 'Bet History', redirect: '/history?type=bet' },
  { path: '/minigame', access: 'player', title: 'Mini Game' },
  { path: '/tutorial', access: 'player', title: 'Tutorials' },
  { path: '/tutorial-deposit', access: 'player', title: 'Tutorial: Deposit' },
  { path: '/tutorial-withdraw', access: 'player', title: 'Tutorial: Withdraw' },
  { path: '/tutorial-changepassword', access: 'player', title: 'Tutorial: Change Password' },
  { path: '/tutorial-promo', access: 'player', title: 'Tutorial: Claim Promo' },
  { path: '/tutorial-bet', access: 'player', title: 'Tutorial: Bet' },
  { path: '/tutorial-rebate', access: 'player', title: 'Tutorial: Rebate' },
] as const satisfies readonly PlayerRoute[];

export type PlayerRoutePath = (typeof PLAYER_ROUTES)[number]['path'];

/** /payment?type=withdraw opens Withdraw; any other value opens Deposit. */
export function paymentTabOf(type: string | null): 'deposit' | 'withdraw' {
  return type === 'withdraw' ? 'withdraw' : 'deposit';
}

/** /history?type=wallet opens Wallet; any other value opens Race Bet. */
export function historyTabOf(type: string | null): 'wallet' | 'bet' {
  return type === 'wallet' ? 'wallet' : 'bet';
}

/** /promo?type=history opens promo history. */
export function promoTabOf(type: string | null): 'available' | 'history' {
  return type === 'history' ? 'history' : 'available';
}
