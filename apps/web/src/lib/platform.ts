/** Android phones and tablets, by user agent (the only signal a web page has). */
export function isAndroid(userAgent: string): boolean {
  return /\bandroid\b/i.test(userAgent);
}

export function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}
