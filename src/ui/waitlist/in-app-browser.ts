/**
 * Apps whose built-in browsers Google refuses for sign-in ("disallowed_useragent"): a student who
 * opened the link from one of them must open the page in their own browser.
 */
const IN_APP_BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Instagram', /\bInstagram\b/i],
  ['Facebook', /\bFBA[NV]\/|\bFB_IAB\b|\bFBIOS\b/],
  ['TikTok', /\bmusical_ly\b|\bBytedanceWebview\b|\bTikTok\b/i],
  ['LinkedIn', /\bLinkedInApp\b/i],
];

/** The app whose built-in browser this user agent belongs to, or null for a real browser. */
export function inAppBrowserName(userAgent: string): string | null {
  for (const [name, pattern] of IN_APP_BROWSERS) if (pattern.test(userAgent)) return name;
  return null;
}
