import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInAppBrowser } from '@/adapters/supabase/supabase-popup';
import { inAppBrowserName } from '@/domain/in-app-browser';

// Real user agents, as these apps and browsers send them.
const UA = {
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.28.90 (iPhone14,5; iOS 17_4; es_MX; es; scale=3.00; 1170x2532; 599391435)',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 329.0.0.41.93 Android (34/14; 450dpi; 1080x2340; samsung; SM-A546E; a54x; s5e8835; es_MX; 592256920)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/452.0.0.39.110;FBBV/567117537;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/17.3;FBSS/3;FBID/phone;FBLC/es_LA;FBOP/5]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 13; moto g(60) Build/T1SBS33.1-70-5-3; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/459.0.0.46.109;]',
  tiktok:
    'Mozilla/5.0 (Linux; Android 12; 2201117TL Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 trill_340303 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/34.3.3 ByteLocale/es ByteFullLocale/es Region/MX BytedanceWebview/d8a21c6',
  linkedin:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.5726',
  snapchatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/13.3.0.43 (like Safari/8618.2.12.10.8, panda)',
  snapchatAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 Snapchat/13.2.0.44 (like Chrome/126.0.6478.134)',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.10.0',
  threads:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Barcelona 338.0.0.19.109 (iPhone15,3; iOS 17_5_1; es_MX; es; scale=3.00; 1290x2796; 620093617)',
  xIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.50',
  xAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 TwitterAndroid',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};

describe('in-app browser detection', () => {
  it('names the app for Instagram, Facebook, TikTok and LinkedIn', () => {
    expect(inAppBrowserName(UA.instagramIos)).toBe('Instagram');
    expect(inAppBrowserName(UA.instagramAndroid)).toBe('Instagram');
    expect(inAppBrowserName(UA.facebookIos)).toBe('Facebook');
    expect(inAppBrowserName(UA.facebookAndroid)).toBe('Facebook');
    expect(inAppBrowserName(UA.tiktok)).toBe('TikTok');
    expect(inAppBrowserName(UA.linkedin)).toBe('LinkedIn');
  });

  it('names Snapchat, LINE, Threads and X (issue 51), and the Supabase sign-in redirects in them', () => {
    expect(inAppBrowserName(UA.snapchatIos)).toBe('Snapchat');
    expect(inAppBrowserName(UA.snapchatAndroid)).toBe('Snapchat');
    expect(inAppBrowserName(UA.line)).toBe('LINE');
    expect(inAppBrowserName(UA.threads)).toBe('Threads');
    expect(inAppBrowserName(UA.xIos)).toBe('X');
    expect(inAppBrowserName(UA.xAndroid)).toBe('X');
    for (const [name, ua] of Object.entries(UA)) {
      expect(isInAppBrowser(ua), name).toBe(inAppBrowserName(ua) !== null);
    }
  });

  it('leaves real browsers alone', () => {
    for (const ua of [UA.chromeAndroid, UA.safariIos, UA.firefoxDesktop, UA.chromeDesktop, '']) {
      expect(inAppBrowserName(ua)).toBeNull();
    }
  });

  it('gives null or a known app for any string, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (ua) => {
        expect([
          null,
          'Instagram',
          'Facebook',
          'TikTok',
          'LinkedIn',
          'Snapchat',
          'LINE',
          'Threads',
          'X',
        ]).toContain(inAppBrowserName(ua));
      }),
    );
  });
});
