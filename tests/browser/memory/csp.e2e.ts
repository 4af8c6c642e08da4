import { policyFor, SAMPLE_PRODUCTION_ENV, underPolicy } from '../../support/csp-page';
import { configureBackend, expect, hydrated, test } from './fixtures';

// The memory build under the Content-Security-Policy the deploy generates (scripts/deploy/csp.mjs) for
// this very build (its loader's hash): the page runs without a violation, the policy is in force,
// and a violation is reported to /csp-report.
test('runs under the deploy’s generated Content-Security-Policy without a violation, and reports one', async ({
  page,
}) => {
  // The policy scripts/deploy/deploy.mjs would generate for this very build (its loader's hash).
  const csp = await underPolicy(page, policyFor('dist', SAMPLE_PRODUCTION_ENV));
  await configureBackend(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByTestId('avatar-strip')).toHaveAttribute('data-status', 'images');
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await page.getByRole('dialog', { name: 'Elige una cuenta' }).getByRole('button').first().click();
  await page.getByTestId('college-trigger').click();
  await expect(page.getByRole('option')).toHaveCount(3);
  expect(await csp.violations()).toEqual([]);
  // The policy is in force: a request to another origin is blocked, seen and reported.
  await page.evaluate(() => fetch('https://otro-origen.example/x').catch(() => {}));
  await expect
    .poll(csp.violations)
    .toEqual([expect.stringMatching(/^connect-src https:\/\/otro-origen/)]);
  // ... and reported to /csp-report, in the report-uri form the function csp_report reads
  // (tests/function/csp-report-function.test.ts).
  await expect.poll(() => csp.reports().length).toBe(1);
  expect(csp.reports()[0]).toEqual({
    'csp-report': expect.objectContaining({
      'document-uri': expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/),
      'blocked-uri': 'https://otro-origen.example/x',
      'effective-directive': 'connect-src',
      disposition: 'enforce',
    }),
  });
});
