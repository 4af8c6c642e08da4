import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import {
  clearAuthEmulator,
  createGoogleAccount,
  FUNCTIONS_EMULATOR,
  PROJECT_ID,
} from '../../support/emulators';
import { db, documentName } from '../../support/firestore-admin';
import { solidPng } from '../../support/png';

// The production build (VITE_BACKEND=firebase) pointed at the real Auth and Functions emulators,
// in Chromium: the emulator's real sign-in popup, the callable for the hero avatars, the
// waitlist write through firebase/firestore/lite (to the real Firestore emulator, under
// firestore.rules), and college search through the Algolia client (to the local stand-in).

const shim = fs.readFileSync(path.join(import.meta.dirname, 'gapi-shim.js'), 'utf8');
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const submit = (page: Page) => page.locator('#waitlist form button[type=submit]');

test.beforeEach(async ({ context }) => {
  await clearAuthEmulator();
  // Google's gapi script cannot load offline: serve the stand-in, and drop the popup's CDN assets.
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (r) =>
    r.fulfill({ contentType: 'text/javascript', body: shim }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (r) =>
    r.abort(),
  );
});

/**
 * Puts a student in the strip's source in the Firestore emulator, as the Admin SDK writes
 * (`Bearer owner`), where the function reads it (FIRESTORE_EMULATOR_HOST): their entry, their
 * consent (`heroConsent/{uid}`) and the operator's approval of their photo.
 */
async function grantHeroConsent(uid: string, photoURL: string) {
  const base = documentName('').replace(/\/$/, '');
  const res = await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/v1/${base}:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      writes: [
        {
          update: {
            name: `${base}/waitlist/${uid}`,
            fields: { collegeId: { stringValue: 'udg-cucei' } },
          },
        },
        {
          update: { name: `${base}/heroConsent/${uid}`, fields: {} },
          updateTransforms: [{ fieldPath: 'grantedAt', setToServerValue: 'REQUEST_TIME' }],
        },
        {
          update: {
            name: `${base}/heroApproval/${uid}`,
            fields: { photoURL: { stringValue: photoURL }, approved: { booleanValue: true } },
          },
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`Could not record the consent of ${uid}: ${res.status}`);
}

/** Calls the strip's callable once, as the page does (an anonymous callable request). */
async function callHeroImages() {
  const { host, port } = FUNCTIONS_EMULATOR;
  const res = await fetch(
    `http://${host}:${port}/${PROJECT_ID}/us-central1/get_hero_profile_images`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    },
  );
  if (!res.ok) throw new Error(`get_hero_profile_images answered ${res.status}`);
}

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

/** The IndexedDB databases Firebase Auth keeps its session in (opened when the SDK starts). */
const authDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((db) => db.name)
      .filter((name) => name === 'firebaseLocalStorageDb'),
  );

test('sign in through the emulator’s popup, join, reload: already on the list', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await signInThroughPopup(page, 'ana.garcia@alumnos.udg.mx', 'Ana García');
  await expect(toast(page, 'Bienvenido, Ana García')).toBeVisible();
  await expect(page.locator('#waitlist-email')).toHaveValue('ana.garcia@alumnos.udg.mx');

  // College search goes to the Algolia client (the local fake answers from the catalogue).
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('cucei');
  await page.getByRole('option', { name: /CUCEI/ }).first().click();
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUCEI');

  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  await expect(toast(page, '¡Has sido añadido a la lista de espera!')).toBeVisible();

  await page.reload();
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  await expect(submit(page)).toHaveText('Ya estás en la lista de espera');
  await expect(submit(page)).toBeDisabled();
  await expect(page.getByTestId('college-trigger')).toBeDisabled();
  expect(errors).toEqual([]);
});

test('closing the emulator’s popup shows the cancelled toast', async ({ page }) => {
  await page.goto('/');
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continuar con Google' }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.close();
  await expect(
    toast(page, 'El inicio de sesión fue cancelado. Por favor, inténtalo nuevamente.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
});

test('a waitlist write that fails: error toast, back to idle, and the retry writes once', async ({
  page,
}) => {
  await page.goto('/');
  await signInThroughPopup(page, 'luis.perez@alumnos.itesm.mx', 'Luis Pérez');
  await page.getByTestId('college-trigger').click();
  await page.getByRole('option', { name: /Tecnológico de Monterrey/ }).click();
  let aborted = 0;
  await page.route(/\/documents:commit\b/, (route) =>
    aborted++ === 0 ? route.abort('connectionreset') : route.continue(),
  );
  await submit(page).click();
  await expect(toast(page, 'Hubo un problema al unirte a la lista de espera')).toBeVisible();
  await expect(toast(page, 'Por favor intenta nuevamente más tarde.')).toBeVisible();
  await expect(submit(page)).toHaveText('Unirse a la Lista de Espera');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  expect(aborted).toBe(2);
});

test.describe('on a phone', () => {
  // Firebase Auth on mobile browsers loads Google's gapi script as soon as it starts, unless the
  // popup resolver is left out of the Auth instance (see firebase-auth.adapter.ts).
  test.use({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Chrome/131.0.0.0 Mobile Safari/537.36',
  });

  test('the page loads nothing from Google until the sign-in step is near; then signs in', async ({
    page,
  }) => {
    const gapi: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://apis.google.com/')) gapi.push(r.url());
    });
    await page.goto('/');
    // Wait for the app (the hero avatars come from the callable, after Auth has started).
    await expect(page.getByTestId('avatar-strip')).toHaveAttribute(
      'data-status',
      /images|placeholders/,
    );
    await page.waitForLoadState('networkidle');
    expect(gapi).toEqual([]);
    // A first visit: signed out without Firebase Auth, which would have opened its database
    // (firebase-session-hint.ts looks for a session without creating one).
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
    expect(await authDatabases(page)).toEqual([]);

    await page.locator('#waitlist').scrollIntoViewIfNeeded();
    await expect.poll(() => gapi.length).toBeGreaterThan(0);
    // The step came near: the SDK loaded with the sign-in's preparation.
    await expect.poll(() => authDatabases(page)).toEqual(['firebaseLocalStorageDb']);
    await signInThroughPopup(page, 'sofia.ruiz@alumnos.buap.mx', 'Sofía Ruiz');
    await expect(toast(page, 'Bienvenido, Sofía Ruiz')).toBeVisible();
  });
});

/** The six digits of the last code e-mail queued to `to`, as the sender derives them. */
async function queuedCode(to: string): Promise<string> {
  const base = documentName('').replace(/\/$/, '');
  const res = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST}/v1/${base}/mailOutbox?pageSize=300`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  const { documents = [] } = (await res.json()) as {
    documents?: { fields: Record<string, { stringValue?: string }> }[];
  };
  const nonce = documents
    .map((d) => d.fields)
    .filter((f) => f.kind?.stringValue === 'code' && f.to?.stringValue === to)
    .at(-1)?.nonce?.stringValue;
  if (!nonce) throw new Error(`No code queued to ${to}`);
  const secret = /^MAIL_TOKEN_SECRET=(.*)$/m.exec(
    fs.readFileSync(path.join(import.meta.dirname, '../../../functions/.secret.local'), 'utf8'),
  )![1]!;
  const { codeOfNonce } = await import('../../../src/domain/email-verification');
  return codeOfNonce(secret, nonce);
}

test('issue 48: an invite lands in context, and a Gmail student verifies her university address by a code', async ({
  page,
}) => {
  await page.goto('/');
  await signInThroughPopup(page, 'sofia.invita@alumnos.udg.mx', 'Sofía');
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('cucei');
  await page.getByRole('option', { name: /CUCEI/ }).first().click();
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  const link = await page.getByTestId('invite-link').inputValue();
  const code = new URL(link).searchParams.get('ref')!;
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();

  await page.goto(`/?ref=${code}`);
  await expect(page.getByTestId('invite-context')).toContainText(
    'Te invitó un compañero de UDG - CUCEI',
  );
  await signInThroughPopup(page, 'valeria.personal@gmail.com', 'Valeria');
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUCEI');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');

  const address = `valeria.${Date.now()}@alumnos.udg.mx`;
  await page.getByLabel('Correo universitario').fill(address.replace('@', '+x@'));
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByTestId('verify-email-notice')).toContainText(
    `Te enviamos un código a ${address}.`,
  );
  await page.getByLabel('Código').fill(await queuedCode(address));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Verificado con tu correo de la UdeG',
  );
});

test('issue 60: a campus page names its campus, and joining from it joins that campus', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/campus/udg-cuaad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'El marketplace de estudiantes de UDG - CUAAD',
  );
  await expect(page.getByTestId('page-campus')).toContainText('UDG - CUAAD');
  await signInThroughPopup(page, 'valeria.campus@alumnos.udg.mx', 'Valeria Campos');
  await expect(page.locator('#waitlist-email')).toHaveValue('valeria.campus@alumnos.udg.mx');
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUAAD');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  // Her entry, read back from Firestore, names the page's campus; her link lands on its page.
  await page.reload();
  await expect(submit(page)).toHaveText('Ya estás en la lista de espera');
  await expect(page.getByTestId('my-entry-college')).toContainText('UDG - CUAAD');
  await expect(page.getByTestId('invite-link')).toHaveValue(
    /\/campus\/udg-cuaad\?ref=[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/,
  );
  expect(errors).toEqual([]);
});

// Last: its page loads (a reload loop until the function's cache has the avatars) and the five
// consented students it adds change the landing page for any test after it.
test('the hero strip shows the consented students’ avatars from the callable', async ({ page }) => {
  test.setTimeout(120_000);
  // The function may only inline https photos in production; in the emulator it reads loopback.
  const server = createServer((req, res) => {
    const n = Number(/avatar-(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
    res.writeHead(200, { 'Content-Type': 'image/png' }).end(solidPng(50 * n, 90, 160));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  try {
    for (let n = 1; n <= 5; n++) {
      const picture = `http://127.0.0.1:${port}/avatar-${n}.png`;
      const uid = await createGoogleAccount({
        email: `avatar${n}@alumnos.udg.mx`,
        displayName: `Avatar ${n}`,
        picture,
      });
      await grantHeroConsent(uid, picture);
    }
    // Earlier tests' page loads left an empty answer in the function's cache (kept a minute):
    // the operator's kill switch, off for one call and on again, makes it read the strip afresh.
    await db.put('heroSettings/strip', { enabled: { booleanValue: false } });
    await callHeroImages();
    await db.remove('heroSettings/strip');
    const strip = page.getByTestId('avatar-strip');
    // A second function instance may still hold its own empty answer: reload until it has gone.
    await expect(async () => {
      await page.goto('/');
      await expect(strip).toHaveAttribute('data-status', 'images', { timeout: 7_000 });
    }).toPass({ timeout: 80_000 });
    // The avatars mount one per frame once the images are in.
    await expect(strip.getByTestId('hero-avatar')).toHaveCount(5);
    const sources = await strip
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(sources.length).toBeGreaterThanOrEqual(5);
    // Every avatar is an inlined PNG from the callable, decoded by the browser (no fallback).
    expect(sources.every((s) => s.startsWith('data:image/png;base64,'))).toBe(true);
  } finally {
    server.close();
  }
});
