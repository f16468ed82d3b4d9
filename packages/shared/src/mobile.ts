/**
 * Philippine mobile numbers (docs/product/accounts.md#mobile-numbers): 09 plus 9 digits (11 digits), or +63 plus 10
 * digits (13 characters). Both are stored in one form, 09xxxxxxxxx.
 */
const LOCAL = /^09\d{9}$/;
const INTERNATIONAL = /^\+639\d{9}$/;

/** The stored form of a valid number, or null when the number is not valid. */
export function normalizeMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  if (LOCAL.test(compact)) return compact;
  if (INTERNATIONAL.test(compact)) return `0${compact.slice(3)}`;
  return null;
}

/** Login: a number that does not begin with 0 (or +) gets a 0 in front. */
export function loginMobile(input: string): string {
  const compact = input.replace(/[\s-]/g, '');
  return compact.startsWith('0') || compact.startsWith('+') || compact === '' ? compact : `0${compact}`;
}

/** 0917 ••• 4567, for places that should not show the whole number. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 8 ? `${mobile.slice(0, 4)} ••• ${mobile.slice(-4)}` : mobile;
}
