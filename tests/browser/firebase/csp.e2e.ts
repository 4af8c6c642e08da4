import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { loadEnv } from 'vite';
import firebaseConfig from '../../../playwright.firebase.config';
import { policyFor, underPolicy } from '../../support/csp-page';
import { clearAuthEmulator } from '../../support/emulators';

// The Firebase build (pointed at the emulators) under the Content-Security-Policy the deploy
// generates. The policy is added to the page's document by Playwright; Chromium then takes that
// document for a public one and would block its frame to the loopback Auth emulator (Local
// Network Access: net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS), which a deployed page (public,
// framing its public auth domain) never meets: the check is off for this file's browser.
test.use({
  launchOptions: {
    ...firebaseConfig.use?.launchOptions,
    args: [
      ...(firebaseConfig.use?.launchOptions?.args ?? []),
      '--disable-features=LocalNetworkAccessChecks',
    ],
  },
});

const shim = fs.readFileSync(path.join(import.meta.dirname, 'gapi-shim.js'), 'utf8');
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const submit = (page: Page) => page.locator('#waitlist form button[type=submit]');

test.beforeEach(async ({ context }) => {
  await clearAuthEmulator();
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (r) =>
    r.fulfill({ contentType: 'text/javascript', body: shim }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (r) =>
    r.abort(),
  );
});

/** Clicks 'Continuar con Google' and signs in a new account in the emulator's popup. */
async function signInThroughPopup(page: Page, email: string, name: string) {
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continuar con Google' }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.locator('#add-account-button').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(name);
  await popup.locator('#sign-in').click();
}

test('runs under the deploy’s generated Content-Security-Policy: sign in, search, join, no violation', async ({
  page,
}) => {
  // The policy scripts/deploy/deploy.mjs generates, for this build (its loader's hash) and its settings
  // (.env.emulators: our project's hosts, plus the local emulators and stand-ins it talks to; the
  // Firestore emulator's port, as scripts/test/test-firebase.sh gave it to the build).
  const csp = await underPolicy(
    page,
    policyFor('dist-firebase', {
      ...loadEnv('emulators', process.cwd(), 'VITE_'),
      VITE_FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST!,
    }),
  );
  await page.goto('/');
  await signInThroughPopup(page, 'valeria.mora@alumnos.unam.mx', 'Valeria Mora');
  await expect(toast(page, 'Bienvenido, Valeria Mora')).toBeVisible();
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('cucei');
  await page.getByRole('option', { name: /CUCEI/ }).first().click();
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  // The hero strip's callable answered too (no consented student here: the placeholders).
  await expect(page.getByTestId('avatar-strip')).toHaveAttribute(
    'data-status',
    /images|placeholders/,
    { timeout: 15_000 },
  );
  expect(await csp.violations()).toEqual([]);
  expect(csp.reports()).toEqual([]);
  // The policy is in force: another origin is blocked and reported.
  await page.evaluate(() => fetch('https://otro-origen.example/x').catch(() => {}));
  await expect
    .poll(csp.violations)
    .toEqual([expect.stringMatching(/^connect-src https:\/\/otro-origen/)]);
  await expect.poll(() => csp.reports().length).toBe(1);
});
