import type { Page } from '@playwright/test';
// @ts-expect-error: a plain JavaScript module of the build scripts, without type declarations
import * as cspModule from '../../scripts/deploy/csp.mjs';

/**
 * Browser tests under the Content-Security-Policy the deploy generates (scripts/deploy/csp.mjs): the
 * policy for a build folder and its settings, served with the page, with every violation the
 * page sees and every report the browser sends recorded.
 */
const { contentSecurityPolicy, cspSettingsFromEnv, pageScriptHashes } = cspModule as {
  contentSecurityPolicy: (settings: unknown, o: { scriptHashes: string[] }) => string;
  cspSettingsFromEnv: (env: Record<string, string | undefined>) => unknown;
  pageScriptHashes: (dir: string) => string[];
};

/**
 * The policy the deploy would generate for the build in `dir` with these VITE_* settings: the
 * inline scripts of every prerendered page (scripts/deploy/deploy.mjs does the same).
 */
export function policyFor(dir: string, env: Record<string, string | undefined>): string {
  return contentSecurityPolicy(cspSettingsFromEnv(env), { scriptHashes: pageScriptHashes(dir) });
}

/**
 * Serves the page's documents with `policy`, records violations in the page (`violations()`) and
 * the reports the browser posts to /csp-report (`reports()`). Served without
 * upgrade-insecure-requests (it would send this http test server's requests to https) and without
 * report-to: Chromium prefers report-to, but does not register the reporting endpoint of a
 * response fulfilled by Playwright (seen here: no report ever arrived), so the browser reports
 * through report-uri, which the deployed policy carries too (Firefox and Safari use it).
 */
export async function underPolicy(page: Page, policy: string) {
  const served = policy
    .replace(/;\s*upgrade-insecure-requests/, '')
    .replace(/;\s*report-to [^;]+/, '');
  const reports: unknown[] = [];
  await page.route(
    (url) => url.pathname === '/' || url.pathname.endsWith('.html'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': served },
      });
    },
  );
  await page.route('**/csp-report', async (route) => {
    reports.push(route.request().postDataJSON());
    await route.fulfill({ status: 204 });
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return {
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    reports: () => reports,
  };
}

/** Production-like settings for the memory build's policy (it connects to nothing). */
export const SAMPLE_PRODUCTION_ENV = {
  VITE_FIREBASE_PROJECT_ID: 'de-estudiantes',
  VITE_FIREBASE_AUTH_DOMAIN: 'de-estudiantes.firebaseapp.com',
  VITE_ALGOLIA_APP_ID: 'ABC123XYZ9',
};
