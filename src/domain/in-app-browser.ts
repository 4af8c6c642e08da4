/**
 * Apps whose built-in browsers Google refuses for sign-in ("disallowed_useragent"): a student who
 * opened the link from one of them must open the page in their own browser (the waitlist's
 * notice), and the Supabase sign-in goes by redirect there, where a popup is lost. One rule for
 * both. Threads' browser calls itself Barcelona (its code name); X's, Twitter.
 */
const IN_APP_BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Threads', /\bBarcelona \d/],
  ['Instagram', /\bInstagram\b/i],
  ['Facebook', /\bFBA[NV]\/|\bFB_IAB\b|\bFBIOS\b/],
  ['TikTok', /\bmusical_ly\b|\bBytedanceWebview\b|\bTikTok\b/i],
  ['LinkedIn', /\bLinkedInApp\b/i],
  ['Snapchat', /\bSnapchat\/\d/],
  ['LINE', /\bLine\/\d/],
  ['X', /\bTwitter for iP(?:hone|ad)\b|\bTwitterAndroid\b/],
];

/** The app whose built-in browser this user agent belongs to, or null for a real browser. */
export function inAppBrowserName(userAgent: string): string | null {
  for (const [name, pattern] of IN_APP_BROWSERS) if (pattern.test(userAgent)) return name;
  return null;
}
