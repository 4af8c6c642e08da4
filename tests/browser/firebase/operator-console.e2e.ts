import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { clearAuthEmulator, createGoogleAccount } from '../../support/emulators';
import { documentName } from '../../support/firestore-admin';

// The operator console (issue 61) on the production build against the emulators: an account signs
// in at /operador through the emulator's popup and is refused; the role is granted by the command
// (`npm run operator -- grant EMAIL`: scripts/ops/operator.mjs, the `operator` claim); signed in
// again she launches a campus from the console: a dry run, the typed id, one launch e-mail in the
// outbox, the launch still shown after a reload.

const OPERATOR = 'rocio.operadora@deestudiantes.example';
const CAMPUS = 'udg-cucba';
const shim = fs.readFileSync(path.join(import.meta.dirname, 'gapi-shim.js'), 'utf8');

test.beforeEach(async ({ context }) => {
  await clearAuthEmulator();
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (r) =>
    r.fulfill({ contentType: 'text/javascript', body: shim }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (r) =>
    r.abort(),
  );
});

const documents = () => `http://${process.env.FIRESTORE_EMULATOR_HOST}/v1/${documentName('')}`;

/** A student on the campus's list, written as the Admin SDK writes (the triggers count her). */
async function seedStudent(uid: string, email: string) {
  const res = await fetch(`${documents()}waitlist/${uid}`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fields: {
        email: { stringValue: email },
        collegeId: { stringValue: CAMPUS },
        timestamp: { timestampValue: new Date().toISOString() },
      },
    }),
  });
  if (!res.ok) throw new Error(`Could not seed ${uid}: ${res.status}`);
}

/** The ids of the launch messages recorded for the campus. */
async function launchMail(): Promise<string[]> {
  const res = await fetch(`${documents()}mailOutbox?pageSize=300`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const { documents: docs = [] } = (await res.json()) as { documents?: { name: string }[] };
  return docs
    .map((d) => decodeURIComponent(d.name.split('/').at(-1)!))
    .filter((id) => id.startsWith(`launch:${CAMPUS}:`));
}

/** The emulator's popup: a new account the first time, the same account after. */
async function signInThroughPopup(page: Page, existing: boolean) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continuar con Google' }).click(),
  ]);
  await popup.waitForLoadState();
  if (existing) {
    await popup.getByText(OPERATOR).first().click();
  } else {
    await popup.locator('#add-account-button').click();
    await popup.locator('#email-input').fill(OPERATOR);
    await popup.locator('#display-name-input').fill('Rocío Operadora');
    await popup.locator('#sign-in').click();
  }
}

test('the role granted by the command opens the console, and the operator launches a campus once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const student = await createGoogleAccount({
    email: 'tere.cucba@alumnos.udg.mx',
    displayName: 'Tere',
  });
  await seedStudent(student, 'tere.cucba@alumnos.udg.mx');

  await page.goto('/operador');
  await signInThroughPopup(page, false);
  await expect(page.getByRole('heading', { name: 'No tienes acceso a la consola.' })).toBeVisible({
    timeout: 30_000,
  });

  const { stdout } = await promisify(execFile)(
    'node',
    ['scripts/ops/operator.mjs', 'grant', OPERATOR],
    { env: process.env, timeout: 60_000 },
  );
  expect(stdout).toContain(OPERATOR);
  // The claim travels in a new sign-in's token.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await signInThroughPopup(page, true);
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operación' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('operator-email')).toHaveText(OPERATOR);

  // The campus's counters are kept by the triggers: its row shows once they have run.
  const row = page.locator(`tr[data-campus="${CAMPUS}"]`);
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('launch-state')).toHaveText('Este campus no se ha lanzado.');
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page.getByTestId('launch-preview')).toContainText(
    'Estudiantes que lo recibirían: 1',
  );
  await page.getByLabel(/Escribe el id del campus/).fill(CAMPUS);
  await page.getByRole('button', { name: 'Lanzar' }).click();
  await expect(page.getByText(/Campus lanzado: 1 correos en camino/)).toBeVisible({
    timeout: 30_000,
  });
  expect(await launchMail()).toEqual([`launch:${CAMPUS}:${student}`]);
  await page.reload();
  await expect(page.getByTestId('launch-state')).toContainText('Lanzado el', { timeout: 30_000 });
  expect(await launchMail()).toHaveLength(1);
});
